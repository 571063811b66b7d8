import { useEffect } from 'react';
import { env } from '../config/env';

/** Sets document.title for the page; `null` means the site's home title. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} | ${env.siteName}` : `${env.siteName} – Learn Polish Through Stories`;
  }, [title]);
}
