import { useId, useState } from 'react';
import type { TDictionaryMeaning } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import { InflectionTables, inflectionPos } from '../../inflection';

/**
 * "All forms" under a correct word's result: the inflection table of its dictionary form (loaded on demand), with
 * the checked form highlighted. Nothing for a word whose meanings name no part of speech that inflects.
 */
export function AllForms({
  word,
  lemma,
  meanings,
}: {
  word: string;
  lemma: string | undefined;
  meanings: readonly TDictionaryMeaning[] | undefined;
}) {
  const t = useT();
  const id = useId();
  const [shown, setShown] = useState(false);
  const pos = meanings?.map((m) => inflectionPos(m.pos)).find((p) => p !== null) ?? null;
  if (!pos) return null;
  const base = lemma ?? word.toLowerCase();
  return (
    <div className="wc-forms">
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        aria-expanded={shown}
        aria-controls={id}
        onClick={() => setShown((v) => !v)}
      >
        {shown ? t('wordChecker.hideForms') : t('wordChecker.allForms', { lemma: base })}
      </button>
      <div id={id} hidden={!shown}>
        {shown ? <InflectionTables lemma={base} pos={pos} form={word} /> : null}
      </div>
    </div>
  );
}
