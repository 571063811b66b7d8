import { useId, useMemo, useState } from 'react';
import type { THubId } from '@polski/contracts';
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

const words = (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`;

/**
 * The end of a lesson (docs/product.md, "Word statuses"): the lesson's lemmas that are still new become known in one
 * action, after a confirmation that says how many (there is no undo; each word's status can still be changed in its
 * popover). Learning, known and ignored words keep their status.
 */
export function MarkRemainingKnown({ hub, slug, lemmas }: TMarkRemainingKnownProps) {
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
      <h2 id={headingId}>New words</h2>
      <div role="status">
        {result !== null ? (
          <p className="mark-known-result">
            <span aria-hidden="true">✓ </span>
            {words(result)} marked as known.
          </p>
        ) : null}
      </div>
      {remaining.length === 0 ? (
        result === null ? (
          <p>No new words left in this lesson: every word has a status.</p>
        ) : null
      ) : confirming ? (
        <div className="mark-known-confirm">
          <p>
            Mark the {remaining.length === 1 ? 'new word' : `${remaining.length} new words`} of this lesson as
            known? This cannot be undone in one step (each word’s status can still be changed in its popover).
          </p>
          <div className="mark-known-buttons">
            <button type="button" className="btn btn-primary" disabled={mark.isPending} onClick={confirm}>
              Mark {words(remaining.length)} as known
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={mark.isPending}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <>
          <p>
            {words(remaining.length)} of this lesson {remaining.length === 1 ? 'is' : 'are'} still new to you.
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
            Mark the remaining new words as known
          </button>
        </>
      )}
      {mark.isError ? (
        <p className="words-error" role="alert">
          The words could not be marked. Please try again.
        </p>
      ) : null}
    </section>
  );
}
