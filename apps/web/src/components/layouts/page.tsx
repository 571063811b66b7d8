import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface TPageProps {
  /** The page's one h1, also used for document.title unless `documentTitle` is given. */
  title: string;
  documentTitle?: string;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A plain content page: one h1, an optional lead paragraph, then the content. */
export function Page({ title, documentTitle, lead, children, className }: TPageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className={`page container${className ? ` ${className}` : ''}`}>
      <h1>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
    </div>
  );
}
