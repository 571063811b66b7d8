import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import './lesson.css';

/** Loading and "not found" states of content pages: one h1, so the page is never without a heading. */
export function ContentStatus({
  title,
  children,
  loading = false,
}: {
  title: string;
  children?: ReactNode;
  loading?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <div className="page container content-status" role={loading ? 'status' : undefined}>
      <h1>{title}</h1>
      {children}
    </div>
  );
}
