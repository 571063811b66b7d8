import { useId } from 'react';
import { tagMatches, type TInflectionCell, type TInflectionPos } from '@polski/contracts';
import { hasErrorCode } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n';
import { termText } from '../../../lib/i18n/ui';
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
 * the learner saw is highlighted and named for screen readers. The API's English headings are said through the
 * catalogue by their ids (`inflection.term.<id>`), as they are for an id the catalogue does not know.
 */
export function InflectionTables({ lemma, pos, tag, form }: TInflectionTablesProps) {
  const t = useT();
  const id = useId();
  const q = useInflection(lemma, pos);
  if (q.isPending) {
    return (
      <p className="inflection-muted" role="status">
        {t('inflection.loadingOf', { lemma })}
      </p>
    );
  }
  if (q.isError) {
    return (
      <div role="alert" className="inflection-error">
        <p>
          {hasErrorCode(q.error, 'not_found')
            ? t('inflection.noTable', { lemma })
            : hasErrorCode(q.error, 'rate_limited') && q.error.messages.length
              ? q.error.messages[0]
              : t('inflection.failed')}
        </p>
        {hasErrorCode(q.error, 'not_found') ? null : (
          <button type="button" className="btn-link" onClick={() => void q.refetch()}>
            {t('popover.tryAgain')}
          </button>
        )}
      </div>
    );
  }
  const lower = form?.toLowerCase();
  const isHit = (cell: TInflectionCell) =>
    tag ? cell.tags.some((x) => tagMatches(x, tag)) : Boolean(lower && cell.forms.includes(lower));
  return (
    <div className="inflection">
      {q.data.tables.map((table, ti) => (
        <div
          key={table.title}
          className="inflection-scroll"
          role="region"
          aria-labelledby={`${id}-${ti}`}
          // a keyboard user can scroll a wide table
          tabIndex={0}
        >
          <table className="inflection-table">
            <caption id={`${id}-${ti}`}>
              {termText(t, table.id, table.title, table.params)} <span lang="pl">({q.data.lemma})</span>
              {table.note ? (
                <span className="inflection-note">
                  {termText(t, table.noteId, table.note, table.noteParams)}
                </span>
              ) : null}
            </caption>
            <thead>
              <tr>
                <td />
                {table.columns.map((c, ci) => (
                  <th key={c} scope="col">
                    {termText(t, table.columnIds?.[ci], c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">{termText(t, r.id, r.label, r.params)}</th>
                  {r.cells.map((cell, ci) => {
                    const hit = isHit(cell);
                    return (
                      <td key={ci} lang="pl" className={hit ? 'is-seen' : undefined}>
                        {cell.forms.length ? (
                          cell.forms.join(', ')
                        ) : (
                          <span aria-label={t('inflection.noForm')}>–</span>
                        )}
                        {hit ? <span className="visually-hidden"> ({t('inflection.seen')})</span> : null}
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
