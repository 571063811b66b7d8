import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { TLegalSection } from '../content/types';
import { RichText } from './rich-text';
import './legal.css';

export interface TLegalDocumentProps {
  title: string;
  /** What the date is: the last update (terms) or when the text took effect (privacy). */
  dateLabel: 'lastUpdated' | 'effective';
  date: string;
  intro: string[];
  sections: TLegalSection[];
}

/** A legal text: title, date, a table of contents and numbered sections whose ids are their anchors. */
export function LegalDocument({ title, dateLabel, date, intro, sections }: TLegalDocumentProps) {
  useDocumentTitle(title);
  const tocId = useId();
  const t = useT();
  // the text is English (docs/i18n.md, "What stays English"); its navigation and labels speak the reader's language
  return (
    <article className="page container legal" lang="en">
      <header className="legal-header">
        <h1>{title}</h1>
        {t.locale === 'en' ? null : (
          <p className="legal-english-only" lang={t.locale}>
            {t('legal.englishOnly')}
          </p>
        )}
        <p className="legal-date">
          <span lang={t.locale}>
            {t(dateLabel === 'effective' ? 'legal.effective' : 'legal.lastUpdated')}
          </span>
          : <time>{date}</time>
        </p>
      </header>
      {intro.map((p, i) => (
        <p key={i} className="legal-intro">
          <RichText text={p} />
        </p>
      ))}
      <nav className="legal-toc" aria-labelledby={tocId}>
        <h2 id={tocId} lang={t.locale}>
          {t('legal.contents')}
        </h2>
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
