import { useId, useMemo, useState } from 'react';
import type { THubId } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import { useLessonStatuses } from '../api/get-lesson-statuses';
import { useMarkKnown } from '../api/mark-known';
import { isLemma } from './status-labels';
import './words.css';

export interface TMarkRemainingKnownProps {
  hub: THubId;
  slug: string;
  /** Every lemma of the lesson's words (its annotations' lexemes, numbers left out). */
  lemmas: readonly string[];
}

/**
 * The end of a lesson (docs/product.md, "Word statuses"): the lesson's lemmas that are still new become known in one
 * action, after a confirmation that says how many (there is no undo; each word's status can still be changed in its
 * popover). Learning, known and ignored words keep their status.
 */
export function MarkRemainingKnown({ hub, slug, lemmas }: TMarkRemainingKnownProps) {
  const t = useT();
  const headingId = useId();
  const statuses = useLessonStatuses(hub, slug);
  const mark = useMarkKnown();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<number | null>(null);
  const remaining = useMemo(
    () =>
      statuses.data ? [...new Set(lemmas)].filter((l) => isLemma(l) && !statuses.data.statuses[l]) : null,
    [lemmas, statuses.data],
  );
  if (!remaining) return null;
  const confirm = () =>
    mark.mutate(remaining, {
      onSuccess: ({ marked }) => {
        setResult(marked);
        setConfirming(false);
      },
    });
  return (
    <section className="mark-known" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('words.known.title')}</h2>
      <div role="status">
        {result !== null ? (
          <p className="mark-known-result">
            <span aria-hidden="true">✓ </span>
            {t('words.known.marked', { n: result })}
          </p>
        ) : null}
      </div>
      {remaining.length === 0 ? (
        result === null ? (
          <p>{t('words.known.none')}</p>
        ) : null
      ) : confirming ? (
        <div className="mark-known-confirm">
          <p>{t('words.known.confirm', { n: remaining.length })}</p>
          <div className="mark-known-buttons">
            <button type="button" className="btn btn-primary" disabled={mark.isPending} onClick={confirm}>
              {t('words.known.markN', { n: remaining.length })}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={mark.isPending}
              onClick={() => setConfirming(false)}
            >
              {t('words.known.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p>{t('words.known.remaining', { n: remaining.length })}</p>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
            {t('words.known.markRemaining')}
          </button>
        </>
      )}
      {mark.isError ? (
        <p className="words-error" role="alert">
          {t('words.known.failed')}
        </p>
      ) : null}
    </section>
  );
}
