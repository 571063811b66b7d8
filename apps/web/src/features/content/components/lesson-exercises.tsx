import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  fillBlank,
  findTextSentence,
  scoreTypedAnswer,
  scoreWordOrder,
  splitAtBlank,
  type TClozeExercise,
  type TExercise,
  type TExerciseLessonText,
  type TFormExercise,
  type TTypedAnswerScore,
  type TWordOrderExercise,
} from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import { rich } from '../../../lib/i18n/ui';
import './lesson-exercises.css';

/**
 * The lesson's exercises (docs/product.md, "Exercises"), loaded with their own file when the lesson page shows
 * them: cloze (type the missing word, scored by scoreTypedAnswer), word order (rebuild a sentence of the text) and
 * form in context (pick the form the sentence needs). Each exercise is settled on its own; nothing is sent to the
 * server.
 */
export interface TLessonExercisesProps {
  exercises: readonly TExercise[];
  /** The lesson's text: each exercise shows the translation of the sentence it was cut from. */
  text: TExerciseLessonText;
}

const GROUPS = [
  { type: 'cloze', title: 'exercises.cloze.title', instruction: 'exercises.cloze.instruction' },
  { type: 'word-order', title: 'exercises.order.title', instruction: 'exercises.order.instruction' },
  { type: 'form', title: 'exercises.form.title', instruction: 'exercises.form.instruction' },
] as const;

export default function LessonExercises({ exercises, text }: TLessonExercisesProps) {
  const t = useT();
  const headingId = useId();
  return (
    <div className="lesson-exercises">
      {GROUPS.map((g, gi) => {
        const items = exercises.filter((x) => x.type === g.type);
        if (!items.length) return null;
        return (
          <section key={g.type} className="exercise-group" aria-labelledby={`${headingId}-${gi}`}>
            <h3 id={`${headingId}-${gi}`}>{t(g.title)}</h3>
            <p className="exercise-instruction">{t(g.instruction)}</p>
            <ol className="exercise-list">
              {items.map((x, i) => (
                <li key={i} className="exercise">
                  {x.type === 'cloze' ? (
                    <Cloze item={x} number={i + 1} text={text} />
                  ) : x.type === 'word-order' ? (
                    <WordOrder item={x} number={i + 1} text={text} />
                  ) : (
                    <FormChoice item={x} number={i + 1} text={text} />
                  )}
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

/** The translation of the text's sentence, as a hint under the exercise. */
function Translation({ id, en }: { id: string; en?: string }) {
  const t = useT();
  return en ? (
    <p id={id} className="exercise-en">
      <span className="visually-hidden">{t('exercises.meaning')} </span>
      {en}
    </p>
  ) : null;
}

/** A live region that always takes its line, so that feedback never moves what is below it. */
function Feedback({ tone, children }: { tone?: 'correct' | 'almost' | 'wrong'; children?: ReactNode }) {
  return (
    <div className={`exercise-feedback${tone ? ` is-${tone}` : ''}`} role="status" aria-live="polite">
      {children}
    </div>
  );
}

// ---- cloze --------------------------------------------------------------------------------------------------

function Cloze({ item, number, text }: { item: TClozeExercise; number: number; text: TExerciseLessonText }) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState('');
  const [result, setResult] = useState<TTypedAnswerScore | 'empty' | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [before, after] = splitAtBlank(item.text);
  const en = findTextSentence(text, fillBlank(item.text, item.answer))?.en;
  const settled = result === 'correct' || result === 'almost' || revealed;

  const check = (e: FormEvent) => {
    e.preventDefault();
    if (settled) return;
    setResult(value.trim() ? scoreTypedAnswer(value, item.answer) : 'empty');
  };

  return (
    <form className="exercise-body" onSubmit={check} noValidate>
      <p className="exercise-sentence" lang="pl">
        <span className="exercise-number" lang={t.locale}>
          {number}.
        </span>{' '}
        {before}
        <input
          className={`cloze-input${result && result !== 'empty' ? ` is-${result}` : ''}`}
          type="text"
          lang="pl"
          value={value}
          size={Math.max(6, item.answer.length + 2)}
          aria-label={t('exercises.cloze.input', { n: number })}
          aria-describedby={`${id}-en`}
          aria-invalid={result === 'wrong' || undefined}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          readOnly={settled}
          onChange={(e) => {
            setValue(e.target.value);
            if (result === 'wrong' || result === 'empty') setResult(null);
          }}
        />
        {after}
      </p>
      <Translation id={`${id}-en`} en={en} />
      <div className="exercise-actions">
        <button type="submit" className="btn btn-secondary btn-sm" disabled={settled}>
          {t('exercises.check')}
        </button>
        {result === 'wrong' && !revealed ? (
          <button type="button" className="btn-link" onClick={() => setRevealed(true)}>
            {t('exercises.showAnswer')}
          </button>
        ) : null}
      </div>
      <Feedback tone={result === 'correct' || result === 'almost' ? result : result === 'wrong' || revealed ? 'wrong' : undefined}>
        {result === 'correct'
          ? t('exercises.correct')
          : result === 'almost'
            ? rich(t('exercises.cloze.almost', { answer: item.answer }), { 0: (s) => <strong lang="pl">{s}</strong> })
            : revealed
              ? rich(t('exercises.cloze.answer', { answer: item.answer }), { 0: (s) => <strong lang="pl">{s}</strong> })
              : result === 'wrong'
                ? t('exercises.cloze.wrong')
                : result === 'empty'
                  ? t('exercises.cloze.empty')
                  : null}
      </Feedback>
    </form>
  );
}

// ---- word order ---------------------------------------------------------------------------------------------

/** A small deterministic generator, so a sentence is shuffled the same way on every visit. */
function seededRandom(seed: string): () => number {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.codePointAt(0)!, 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The pieces' indices in a shuffled order that is not already a right answer (when there is such an order). */
function shuffledOrder(item: TWordOrderExercise): number[] {
  const random = seededRandom(item.sentence);
  let order = item.words.map((_, i) => i);
  for (let attempt = 0; attempt < 20; attempt++) {
    order = item.words.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    if (scoreWordOrder(item, order.map((i) => item.words[i])) === 'wrong') break;
  }
  return order;
}

function WordOrder({ item, number, text }: { item: TWordOrderExercise; number: number; text: TExerciseLessonText }) {
  const t = useT();
  const id = useId();
  const bank = useMemo(() => shuffledOrder(item), [item]);
  /** Indices of the placed pieces, in the order the learner placed them. */
  const [placed, setPlaced] = useState<number[]>([]);
  const [result, setResult] = useState<'text' | 'other' | 'wrong' | null>(null);
  const [revealed, setRevealed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const en = findTextSentence(text, item.sentence)?.en;
  const settled = result === 'text' || result === 'other' || revealed;
  const complete = placed.length === item.words.length;

  /** After a piece moves, keep the keyboard where it was: the next piece of the same row, else the Check button. */
  const focusAfterMove = (row: 'bank' | 'answer', position: number) => {
    requestAnimationFrame(() => {
      const root = rootRef.current;
      if (!root) return;
      const buttons = [...root.querySelectorAll<HTMLButtonElement>(`[data-row="${row}"] button`)];
      const next = buttons[Math.min(position, buttons.length - 1)] ?? root.querySelector<HTMLButtonElement>('.word-check');
      next?.focus();
    });
  };

  const place = (piece: number, position: number) => {
    if (settled) return;
    setPlaced((p) => [...p, piece]);
    setResult(null);
    focusAfterMove('bank', position);
  };
  const unplace = (piece: number, position: number) => {
    if (settled) return;
    setPlaced((p) => p.filter((x) => x !== piece));
    setResult(null);
    focusAfterMove('answer', position);
  };

  const built = placed.map((i) => item.words[i]).join(' ');
  const available = bank.filter((piece) => !placed.includes(piece));

  return (
    <div className="exercise-body" ref={rootRef}>
      <p className="exercise-prompt">
        <span className="exercise-number">{number}.</span>{' '}
        {en ? (
          <span id={`${id}-en`}>
            <span className="visually-hidden">{t('exercises.order.buildFor')} </span>
            {en}
          </span>
        ) : (
          <span id={`${id}-en`}>{t('exercises.order.build')}</span>
        )}
      </p>
      <div
        className={`word-answer${result === 'wrong' ? ' is-wrong' : settled ? ' is-correct' : ''}`}
        role="group"
        aria-label={placed.length ? t('exercises.order.yourSentence', { sentence: built }) : t('exercises.order.empty')}
        aria-describedby={`${id}-en`}
        data-row="answer"
        lang="pl"
      >
        {placed.map((piece, position) => (
          <button
            key={piece}
            type="button"
            className="word-chip is-placed"
            aria-disabled={settled || undefined}
            onClick={() => unplace(piece, position)}
          >
            {item.words[piece]}
          </button>
        ))}
        {!placed.length ? (
          <span className="word-answer-empty" lang={t.locale} aria-hidden="true">
            {t('exercises.order.tapBelow')}
          </span>
        ) : null}
      </div>
      <div className="word-bank" role="group" aria-label={t('exercises.order.bank')} data-row="bank" lang="pl">
        {bank.map((piece) =>
          placed.includes(piece) ? (
            // the empty slot keeps its size: the other words do not move
            <span key={piece} className="word-chip is-slot" aria-hidden="true">
              {item.words[piece]}
            </span>
          ) : (
            <button
              key={piece}
              type="button"
              className="word-chip"
              aria-disabled={settled || undefined}
              onClick={() => place(piece, available.indexOf(piece))}
            >
              {item.words[piece]}
            </button>
          ),
        )}
      </div>
      <div className="exercise-actions">
        <button
          type="button"
          className="btn btn-secondary btn-sm word-check"
          disabled={!complete || settled}
          onClick={() => setResult(scoreWordOrder(item, placed.map((i) => item.words[i])))}
        >
          {t('exercises.check')}
        </button>
        <button
          type="button"
          className="btn-link"
          disabled={!placed.length || settled}
          onClick={() => {
            setPlaced([]);
            setResult(null);
          }}
        >
          {t('exercises.order.startOver')}
        </button>
        {result === 'wrong' && !revealed ? (
          <button type="button" className="btn-link" onClick={() => setRevealed(true)}>
            {t('exercises.showAnswer')}
          </button>
        ) : null}
      </div>
      <Feedback tone={result === 'text' || result === 'other' ? 'correct' : result === 'wrong' || revealed ? 'wrong' : undefined}>
        {result === 'text'
          ? t('exercises.correct')
          : result === 'other'
            ? rich(t('exercises.order.correctOther', { sentence: item.sentence }), { 0: (s) => <span lang="pl">{s}</span> })
            : revealed
              ? rich(t('exercises.order.textSays', { sentence: item.sentence }), { 0: (s) => <span lang="pl">{s}</span> })
              : result === 'wrong'
                ? t('exercises.order.wrong')
                : null}
      </Feedback>
    </div>
  );
}

// ---- form in context ----------------------------------------------------------------------------------------

function FormChoice({ item, number, text }: { item: TFormExercise; number: number; text: TExerciseLessonText }) {
  const t = useT();
  const id = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const [before, after] = splitAtBlank(item.text);
  const en = findTextSentence(text, fillBlank(item.text, item.options[item.answer]))?.en;
  const settled = chosen !== null;
  const isCorrect = chosen === item.answer;
  return (
    <div className="exercise-body">
      <p id={`${id}-q`} className="exercise-sentence" lang="pl">
        <span className="exercise-number" lang={t.locale}>
          {number}.
        </span>{' '}
        {before}
        <span className={`form-gap${settled ? ' is-filled' : ''}`}>
          {settled ? (
            item.options[item.answer]
          ) : (
            <>
              <span aria-hidden="true">_____</span>
              <span className="visually-hidden" lang={t.locale}>
                ({t('exercises.form.blank')})
              </span>
            </>
          )}
        </span>
        {after} <span className="form-lemma">({item.lemma})</span>
      </p>
      <Translation id={`${id}-en`} en={en} />
      <div className="question-options" role="group" aria-labelledby={`${id}-q`} aria-describedby={`${id}-en`}>
        {item.options.map((option, oi) => {
          const state = !settled ? '' : oi === item.answer ? ' is-correct' : oi === chosen ? ' is-wrong' : ' is-muted';
          return (
            <button
              key={oi}
              type="button"
              lang="pl"
              className={`question-option${state}`}
              aria-pressed={chosen === oi}
              aria-disabled={settled || undefined}
              onClick={() => {
                if (!settled) setChosen(oi);
              }}
            >
              {option}
              {settled && oi === item.answer ? (
                <span className="question-mark" lang={t.locale}>
                  <span aria-hidden="true"> ✓</span>
                  <span className="visually-hidden"> ({t('exercises.form.rightForm')})</span>
                </span>
              ) : null}
              {settled && oi === chosen && !isCorrect ? (
                <span className="question-mark" lang={t.locale}>
                  <span aria-hidden="true"> ✗</span>
                  <span className="visually-hidden"> ({t('questions.yourAnswer')})</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <Feedback tone={settled ? (isCorrect ? 'correct' : 'wrong') : undefined}>
        {settled
          ? isCorrect
            ? t('exercises.correct')
            : rich(t('exercises.form.incorrect', { form: item.options[item.answer] }), {
                0: (s) => <strong lang="pl">{s}</strong>,
              })
          : null}
      </Feedback>
    </div>
  );
}
