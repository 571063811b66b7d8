import { useEffect } from 'react';
import { useDocumentTitle } from './use-document-title';

/** document.title and the meta description for this page; the description goes back to the site's on leave. */
export function usePageMeta(title: string, description: string | undefined) {
  useDocumentTitle(title);
  useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
