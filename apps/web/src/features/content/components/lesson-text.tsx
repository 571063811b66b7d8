import { useState } from 'react';
import type { TSentence } from '@polski/contracts';

export interface TLessonTextProps {
  paragraphs: readonly { sentences: readonly TSentence[] }[];
  /** Every translation shown (the "Show translations" toggle). */
  showAll: boolean;
  /** Index of the sentence being read aloud, counted through all paragraphs; -1 for none. */
  current?: number;
}

/**
 * The Polish text by paragraph and sentence. Each sentence is a button: pressing it (click, tap, Enter, Space)
 * shows or hides its English translation. Dialogue turns show their speaker.
 */
export function LessonText({ paragraphs, showAll, current = -1 }: TLessonTextProps) {
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (i: number) =>
    setRevealed((old) => {
      const next = new Set(old);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  // sentence numbers run on through the paragraphs, as the speech reader counts them
  const offsets = paragraphs.map((_, pi) => paragraphs.slice(0, pi).reduce((n, p) => n + p.sentences.length, 0));
  return (
    <div className={`lesson-text${showAll ? ' show-all' : ''}`} lang="pl">
      {paragraphs.map((p, pi) => {
        const first = offsets[pi];
        const isDialogue = p.sentences.some((s) => s.speaker);
        const items = p.sentences.map((s, si) => (
          <Sentence
            key={first + si}
            sentence={s}
            shown={showAll || revealed.has(first + si)}
            active={current === first + si}
            onToggle={showAll ? undefined : () => toggle(first + si)}
            dialogue={isDialogue}
          />
        ));
        return isDialogue ? (
          <div key={pi} className="lesson-paragraph lesson-dialogue">
            {items}
          </div>
        ) : (
          <p key={pi} className="lesson-paragraph">
            {items}
          </p>
        );
      })}
    </div>
  );
}

function Sentence({
  sentence,
  shown,
  active,
  onToggle,
  dialogue,
}: {
  sentence: TSentence;
  shown: boolean;
  active: boolean;
  onToggle?: () => void;
  dialogue: boolean;
}) {
  const body = (
    <>
      <button
        type="button"
        className="sentence-pl"
        aria-expanded={shown}
        aria-disabled={onToggle ? undefined : true}
        title={onToggle ? (shown ? 'Hide the translation' : 'Show the translation') : undefined}
        onClick={onToggle}
      >
        {sentence.pl}
      </button>
      {shown ? (
        <span className="sentence-en" lang="en">
          {sentence.en}
        </span>
      ) : null}
    </>
  );
  if (dialogue) {
    return (
      <p className={`sentence dialogue-turn${active ? ' is-reading' : ''}`} aria-current={active ? 'true' : undefined}>
        {sentence.speaker ? <span className="dialogue-speaker">{sentence.speaker}:</span> : null} {body}
      </p>
    );
  }
  return (
    <span className={`sentence${active ? ' is-reading' : ''}`} aria-current={active ? 'true' : undefined}>
      {body}{' '}
    </span>
  );
}
