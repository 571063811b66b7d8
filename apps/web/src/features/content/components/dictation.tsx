import { useId, useState, type FormEvent } from 'react';
import { scoreDictation, wordTokens, type TDictationScore } from '@polski/contracts';
import { useSpeechSupport } from '../hooks/use-speech';
import type { TTimedSentence } from '../player/timeline';
import { playClip, type TWordClip } from '../player/word-audio';
import { useT } from '../../../lib/i18n/i18n';
import { rich } from '../../../lib/i18n/ui';
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
  const t = useT();
  const headingId = useId();
  const speech = useSpeechSupport();
  const items = pickDictation(sentences, count, track?.timed);
  if (!items.length || (!track && speech !== 'ready')) return null;
  return (
    <div className="dictation">
      <p className="exercise-instruction" id={headingId}>
        {t('dictation.instruction')}
      </p>
      <ol className="exercise-list">
        {items.map((s, n) => {
          const timing = track?.timed.find((x) => x.index === s.index);
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
  const t = useT();
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
        <span className="exercise-number">{number}.</span> {t('dictation.sentence', { n: sentence.index + 1 })}
      </p>
      <div className="exercise-actions dictation-listen">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={t('dictation.play', { n: number })}
          onClick={() => void hear(1)}
        >
          <span aria-hidden="true">▶ </span>{t('dictation.playButton')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-label={t('dictation.playSlower', { n: number })}
          onClick={() => void hear(SLOW_RATE)}
        >
          <span aria-hidden="true">🐢 </span>{t('dictation.slower')}
        </button>
      </div>
      {failed ? <p className="listen-note">{t('dictation.playFailed')}</p> : null}
      <label className="dictation-label" htmlFor={`${id}-in`}>
        {t('dictation.label')}
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
          {t('exercises.check')}
        </button>
      </div>
      <div
        className={`exercise-feedback${score ? (score.passed ? ' is-correct' : ' is-wrong') : ''}`}
        role="status"
        aria-live="polite"
      >
        {empty
          ? t('dictation.empty')
          : score
            ? `${t('dictation.score', { correct: score.correct, words, almost: score.almost, extra: score.extra.length })}${
                score.passed ? ` ${t('dictation.wellDone')}` : ''
              }`
            : null}
      </div>
      {score ? (
        <>
          <ul className="dictation-words" lang="pl" aria-label={t('dictation.words')}>
            {score.words.map((w, i) => (
              <li key={i} className={`dictation-word is-${w.score}`}>
                <span className="dictation-expected">{w.expected}</span>
                <span className="visually-hidden" lang={t.locale}>
                  {': '}
                  {w.score === 'correct'
                    ? t('dictation.word.right')
                    : w.score === 'almost'
                      ? t('dictation.word.almost', { given: w.given ?? '' })
                      : w.score === 'wrong'
                        ? t('dictation.word.wrong', { given: w.given ?? '' })
                        : t('dictation.word.missing')}
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
              {rich(t('dictation.extra', { words: score.extra.join(', ') }), { 0: (s) => <span lang="pl">{s}</span> })}
            </p>
          ) : null}
          <p className="exercise-en">
            <span className="visually-hidden">{t('exercises.meaning')} </span>
            {sentence.en}
          </p>
        </>
      ) : null}
    </form>
  );
}
