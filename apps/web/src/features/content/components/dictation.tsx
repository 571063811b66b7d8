import { useId, useState, type FormEvent } from 'react';
import { scoreDictation, wordTokens, type TDictationScore } from '@polski/contracts';
import { useSpeechSupport } from '../hooks/use-speech';
import type { TTimedSentence } from '../player/timeline';
import { playClip, type TWordClip } from '../player/word-audio';
import './lesson-exercises.css';
import './dictation.css';

/** A sentence to write down: its index through the text, its words and translation. */
export interface TDictationSentence {
  index: number;
  pl: string;
  en: string;
}

export interface TDictationProps {
  /** Every sentence of the text, in order. */
  sentences: readonly { pl: string; en: string }[];
  /** The lesson's track and its timings; without them the browser's Polish voice says the sentence. */
  track?: { url: string; timed: readonly TTimedSentence[] };
  /** How many sentences to write down. */
  count: number;
}

const MIN_WORDS = 3;
const MAX_WORDS = 14;
const SLOW_RATE = 0.75;

/**
 * The sentences a dictation asks for (docs/product.md, "Dictation"): `count` sentences of 3-14 words, spread
 * evenly through the text (the same ones on every visit); with a track, only sentences it has a timing for.
 */
export function pickDictation(
  sentences: readonly { pl: string; en: string }[],
  count: number,
  timed?: readonly TTimedSentence[],
): TDictationSentence[] {
  const heard = timed ? new Set(timed.map((t) => t.index)) : null;
  const fit = sentences
    .map((s, index) => ({ index, pl: s.pl, en: s.en }))
    .filter((s) => (!heard || heard.has(s.index)) && wordTokens(s.pl).length >= MIN_WORDS && wordTokens(s.pl).length <= MAX_WORDS);
  if (fit.length <= count) return fit;
  const step = fit.length / count;
  return Array.from({ length: count }, (_, i) => fit[Math.floor(i * step + step / 2)]);
}

/**
 * Dictation: hear a sentence of the text (its stretch of the lesson's audio, or the browser's voice), type it, and
 * see word by word what was right, nearly right (only a diacritic or a capital letter off) or wrong, scored by
 * `scoreDictation` in libs/contracts, the cloze's tolerance.
 */
export function Dictation({ sentences, track, count }: TDictationProps) {
  const headingId = useId();
  const speech = useSpeechSupport();
  const items = pickDictation(sentences, count, track?.timed);
  if (!items.length || (!track && speech !== 'ready')) return null;
  return (
    <div className="dictation">
      <p className="exercise-instruction" id={headingId}>
        Press Play, listen, and type the sentence you hear. Punctuation does not count; a word with a Polish letter
        missing is nearly right.
      </p>
      <ol className="exercise-list">
        {items.map((s, n) => {
          const timing = track?.timed.find((t) => t.index === s.index);
          const clip: TWordClip =
            track && timing
              ? { kind: 'segment', url: track.url, startMs: timing.startMs, endMs: timing.endMs }
              : { kind: 'speech', text: s.pl };
          return (
            <li key={s.index} className="exercise">
              <DictationItem sentence={s} number={n + 1} clip={clip} />
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function DictationItem({ sentence, number, clip }: { sentence: TDictationSentence; number: number; clip: TWordClip }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [score, setScore] = useState<TDictationScore | null>(null);
  const [empty, setEmpty] = useState(false);
  const [failed, setFailed] = useState(false);

  const check = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    setScore(scoreDictation(value, sentence.pl));
  };
  const hear = async (rate: number) => setFailed(!(await playClip(clip, { rate })));
  const words = score?.words.length ?? 0;

  return (
    <form className="exercise-body dictation-item" onSubmit={check} noValidate>
      <p className="exercise-prompt">
        <span className="exercise-number">{number}.</span> Sentence {sentence.index + 1} of the text
      </p>
      <div className="exercise-actions dictation-listen">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Play dictation ${number}`}
          onClick={() => void hear(1)}
        >
          <span aria-hidden="true">▶ </span>Play
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={`Play dictation ${number} slower`}
          onClick={() => void hear(SLOW_RATE)}
        >
          <span aria-hidden="true">🐢 </span>Slower
        </button>
      </div>
      {failed ? <p className="listen-note">The sentence could not be played on this device.</p> : null}
      <label className="dictation-label" htmlFor={`${id}-in`}>
        What you hear
      </label>
      <textarea
        id={`${id}-in`}
        className="dictation-input"
        lang="pl"
        rows={2}
        value={value}
        autoComplete="off"
        autoCapitalize="sentences"
        autoCorrect="off"
        spellCheck={false}
        onChange={(e) => {
          setValue(e.target.value);
          setScore(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <div className="exercise-actions">
        <button type="submit" className="btn btn-secondary btn-sm">
          Check
        </button>
      </div>
      <div
        className={`exercise-feedback${score ? (score.passed ? ' is-correct' : ' is-wrong') : ''}`}
        role="status"
        aria-live="polite"
      >
        {empty
          ? 'Type what you hear first.'
          : score
            ? `${score.correct} of ${words} words right${score.almost ? `, ${score.almost} nearly right` : ''}${
                score.extra.length ? `, ${score.extra.length} extra` : ''
              }.${score.passed ? ' Well done!' : ''}`
            : null}
      </div>
      {score ? (
        <>
          <ul className="dictation-words" lang="pl" aria-label="Your sentence, word by word">
            {score.words.map((w, i) => (
              <li key={i} className={`dictation-word is-${w.score}`}>
                <span className="dictation-expected">{w.expected}</span>
                <span className="visually-hidden" lang="en">
                  {w.score === 'correct'
                    ? ': right'
                    : w.score === 'almost'
                      ? `: nearly right, you typed ${w.given}`
                      : w.score === 'wrong'
                        ? `: wrong, you typed ${w.given}`
                        : ': missing'}
                </span>
                {w.score === 'almost' || w.score === 'wrong' ? (
                  <span className="dictation-given" aria-hidden="true">
                    {w.given}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {score.extra.length ? (
            <p className="dictation-extra">
              Not in the sentence: <span lang="pl">{score.extra.join(', ')}</span>
            </p>
          ) : null}
          <p className="exercise-en">
            <span className="visually-hidden">Meaning: </span>
            {sentence.en}
          </p>
        </>
      ) : null}
    </form>
  );
}
