import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n';

export interface TLessonQuestion {
  question: string;
  questionEn: string;
  options: readonly string[];
  answer: number;
}

export interface TLessonQuestionsProps {
  questions: readonly TLessonQuestion[];
  /** Called once each time every question has been answered correctly. */
  onAllCorrect?: () => void;
}

/**
 * Comprehension questions: choosing an option checks it at once (correct / incorrect), after which the right
 * answer is shown and the question is settled. The score counts first attempts; 'Try again' starts over.
 */
export function LessonQuestions({ questions, onAllCorrect }: TLessonQuestionsProps) {
  const t = useT();
  const [chosen, setChosen] = useState<readonly (number | null)[]>(() => questions.map(() => null));
  const [attempt, setAttempt] = useState(0);
  const answered = chosen.filter((c) => c !== null).length;
  const correct = chosen.filter((c, i) => c !== null && c === questions[i].answer).length;
  const done = answered === questions.length;

  const onAllCorrectRef = useRef(onAllCorrect);
  useEffect(() => {
    onAllCorrectRef.current = onAllCorrect;
  });
  const perfect = done && correct === questions.length;
  useEffect(() => {
    if (perfect) onAllCorrectRef.current?.();
  }, [perfect, attempt]);

  const choose = (qi: number, option: number) =>
    setChosen((old) => (old[qi] !== null ? old : old.map((c, i) => (i === qi ? option : c))));

  return (
    <div className="lesson-questions">
      <ol className="question-list">
        {questions.map((q, qi) => (
          <Question
            key={`${attempt}-${qi}`}
            number={qi + 1}
            question={q}
            chosen={chosen[qi]}
            onChoose={(option) => choose(qi, option)}
          />
        ))}
      </ol>
      <div className="question-score" role="status" aria-live="polite">
        {answered > 0 ? (
          <p>
            <strong>{t('questions.score', { correct, total: questions.length })}</strong>
            {done ? ` · ${perfect ? t('questions.allCorrect') : t('questions.tryForAll')}` : null}
          </p>
        ) : null}
      </div>
      {answered > 0 ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            setChosen(questions.map(() => null));
            setAttempt((a) => a + 1);
          }}
        >
          {t('questions.tryAgain')}
        </button>
      ) : null}
    </div>
  );
}

function Question({
  number,
  question,
  chosen,
  onChoose,
}: {
  number: number;
  question: TLessonQuestion;
  chosen: number | null;
  onChoose: (option: number) => void;
}) {
  const t = useT();
  const headingId = useId();
  const settled = chosen !== null;
  const isCorrect = chosen === question.answer;
  return (
    <li className="question">
      <p id={headingId} className="question-text">
        <span className="question-number">{number}.</span> <span lang="pl">{question.question}</span>
        <span className="question-en">{question.questionEn}</span>
      </p>
      <div className="question-options" role="group" aria-labelledby={headingId}>
        {question.options.map((option, oi) => {
          const state = !settled
            ? ''
            : oi === question.answer
              ? ' is-correct'
              : oi === chosen
                ? ' is-wrong'
                : ' is-muted';
          return (
            <button
              key={oi}
              type="button"
              lang="pl"
              className={`question-option${state}`}
              aria-pressed={chosen === oi}
              aria-disabled={settled || undefined}
              onClick={() => {
                if (!settled) onChoose(oi);
              }}
            >
              {option}
              {settled && oi === question.answer ? (
                <span className="question-mark" lang={t.locale}>
                  <span aria-hidden="true"> ✓</span>
                  <span className="visually-hidden"> ({t('questions.correctAnswer')})</span>
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
      <p className={`question-feedback${settled ? (isCorrect ? ' is-correct' : ' is-wrong') : ''}`} aria-live="polite">
        {settled
          ? isCorrect
            ? t('questions.correct')
            : t('questions.incorrect', { answer: question.options[question.answer] })
          : ''}
      </p>
    </li>
  );
}
