import { useId } from 'react';
import { tagMatches, type TInflectionCell, type TInflectionPos } from '@polski/contracts';
import { hasErrorCode } from '../../../lib/api-client';
import { useInflection } from '../api/get-inflection';
import './inflection.css';

export interface TInflectionTablesProps {
  lemma: string;
  pos: TInflectionPos;
  /** Morfologik's tag of the form the learner saw: its cell is highlighted. */
  tag?: string;
  /** Without a tag (the word checker), the cells holding this form are highlighted instead. */
  form?: string;
}

/**
 * The full declension or conjugation of a lemma (GET /api/words/inflection): one real table per tense or degree,
 * with a caption and row and column headers; on a narrow screen each table scrolls inside its own box. The form
 * the learner saw is highlighted and named for screen readers.
 */
export function InflectionTables({ lemma, pos, tag, form }: TInflectionTablesProps) {
  const id = useId();
  const q = useInflection(lemma, pos);
  if (q.isPending) {
    return (
      <p className="inflection-muted" role="status">
        Loading all forms of {lemma}…
      </p>
    );
  }
  if (q.isError) {
    return (
      <div role="alert" className="inflection-error">
        <p>
          {hasErrorCode(q.error, 'not_found')
            ? `The dictionary has no table for “${lemma}”.`
            : hasErrorCode(q.error, 'rate_limited') && q.error.messages.length
              ? q.error.messages[0]
              : 'The forms could not be loaded.'}
        </p>
        {hasErrorCode(q.error, 'not_found') ? null : (
          <button type="button" className="btn-link" onClick={() => void q.refetch()}>
            Try again
          </button>
        )}
      </div>
    );
  }
  const lower = form?.toLowerCase();
  const isHit = (cell: TInflectionCell) =>
    tag ? cell.tags.some((t) => tagMatches(t, tag)) : Boolean(lower && cell.forms.includes(lower));
  return (
    <div className="inflection">
      {q.data.tables.map((t, ti) => (
        <div
          key={t.title}
          className="inflection-scroll"
          role="region"
          aria-labelledby={`${id}-${ti}`}
          // a keyboard user can scroll a wide table
          tabIndex={0}
        >
          <table className="inflection-table">
            <caption id={`${id}-${ti}`}>
              {t.title} <span lang="pl">({q.data.lemma})</span>
              {t.note ? <span className="inflection-note">{t.note}</span> : null}
            </caption>
            <thead>
              <tr>
                <td />
                {t.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {t.rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  {r.cells.map((cell, ci) => {
                    const hit = isHit(cell);
                    return (
                      <td key={ci} lang="pl" className={hit ? 'is-seen' : undefined}>
                        {cell.forms.length ? cell.forms.join(', ') : <span aria-label="no form">–</span>}
                        {hit ? <span className="visually-hidden"> (the form you saw)</span> : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
