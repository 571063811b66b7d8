import { useDocumentTitle } from '../../../lib/use-document-title';
import { CREDITS } from '../content/credits';
import { RichText } from './rich-text';
import './legal.css';

export function CreditsPage() {
  useDocumentTitle(CREDITS.title);
  return (
    <article className="page container legal">
      <h1>{CREDITS.title}</h1>
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
                <dt>Author</dt>
                <dd>{c.author}</dd>
              </div>
              <div>
                <dt>Licence</dt>
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
