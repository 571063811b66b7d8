import { useId } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { TLegalSection } from '../content/types';
import { RichText } from './rich-text';
import './legal.css';

export interface TLegalDocumentProps {
  title: string;
  /** e.g. 'Last updated' or 'Effective'. */
  dateLabel: string;
  date: string;
  intro: string[];
  sections: TLegalSection[];
}

/** A legal text: title, date, a table of contents and numbered sections whose ids are their anchors. */
export function LegalDocument({ title, dateLabel, date, intro, sections }: TLegalDocumentProps) {
  useDocumentTitle(title);
  const tocId = useId();
  return (
    <article className="page container legal">
      <header className="legal-header">
        <h1>{title}</h1>
        <p className="legal-date">
          {dateLabel}: <time>{date}</time>
        </p>
      </header>
      {intro.map((p, i) => (
        <p key={i} className="legal-intro">
          <RichText text={p} />
        </p>
      ))}
      <nav className="legal-toc" aria-labelledby={tocId}>
        <h2 id={tocId}>Contents</h2>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              {/* a router link, so ScrollRestoration scrolls to the anchor instead of restoring an old position */}
              <Link to={{ hash: s.id }}>{s.title}</Link>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s) => (
        <section key={s.id} id={s.id} className="legal-section" aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`}>{s.title}</h2>
          {s.paragraphs.map((p, i) => (
            <p key={i}>
              <RichText text={p} />
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
