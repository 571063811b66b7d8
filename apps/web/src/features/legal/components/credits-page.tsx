import { useT } from '../../../lib/i18n/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CREDITS } from '../content/credits';
import { RichText } from './rich-text';
import './legal.css';

export function CreditsPage() {
  useDocumentTitle(CREDITS.title);
  const t = useT();
  // the text is English (docs/i18n.md, "What stays English"); its labels speak the reader's language
  return (
    <article className="page container legal" lang="en">
      <h1>{CREDITS.title}</h1>
      {t.locale === 'en' ? null : (
        <p className="legal-english-only" lang={t.locale}>
          {t('legal.englishOnly')}
        </p>
      )}
      {CREDITS.intro.map((p, i) => (
        <p key={i} className="legal-intro">
          <RichText text={p} />
        </p>
      ))}
      <ul className="credits">
        {CREDITS.entries.map((c) => (
          <li key={c.title} className="credit">
            <h2>
              {c.url ? (
                <a href={c.url} target="_blank" rel="noopener noreferrer">
                  {c.title}
                </a>
              ) : (
                c.title
              )}
            </h2>
            <dl>
              <div>
                <dt lang={t.locale}>{t('legal.author')}</dt>
                <dd>{c.author}</dd>
              </div>
              <div>
                <dt lang={t.locale}>{t('legal.licence')}</dt>
                <dd>{c.licence}</dd>
              </div>
            </dl>
            {c.note ? (
              <p>
                <RichText text={c.note} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {CREDITS.closing.map((p, i) => (
        <p key={i}>
          <RichText text={p} />
        </p>
      ))}
    </article>
  );
}
