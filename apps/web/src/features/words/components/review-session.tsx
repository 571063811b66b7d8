import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TReviewAnswerResponse, TReviewItem, TReviewRating } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { hasErrorCode } from '../../../lib/api-client';
import { intlLocale, partOfSpeech, rich } from '../../../lib/i18n/ui';
import { useT, type TMessageKey, type TTranslate } from '../../../lib/i18n/i18n';
import { useAnswerReview } from '../api/answer-review';
import { useReviewQueue } from '../api/get-review-queue';
import { useSavedWords } from '../api/get-saved-words';
import { useUndoReview } from '../api/undo-review';
import { intervalLabel, intervalWords } from './intervals';
import { STATE_ART, StateArt } from '../../../assets/illustrations/state-art';
import './words.css';

const GRADES: readonly { rating: TReviewRating; label: TMessageKey; key: string }[] = [
  { rating: 'again', label: 'review.grade.again', key: '1' },
  { rating: 'hard', label: 'review.grade.hard', key: '2' },
  { rating: 'good', label: 'review.grade.good', key: '3' },
  { rating: 'easy', label: 'review.grade.easy', key: '4' },
];

const KINDS: Record<TReviewItem['type'], TMessageKey> = {
  meaning: 'review.kind.meaning',
  cloze: 'review.kind.cloze',
  listening: 'review.kind.listening',
};

/** The gap of a cloze or listening card's sentence (BLANK of libs/contracts). */
const GAP = '___';

type TPhase = 'question' | 'revealed' | 'feedback';

interface TFeedback {
  item: TReviewItem;
  answer: TReviewAnswerResponse;
}

/**
 * Today's review (docs/product.md, "Review"): the due cards one by one, by type: meaning recall (reveal, then
 * grade), fill the gap and listening (type the word, then grade; the server scores it and a wrong word is graded
 * Again). Again/Hard/Good/Easy show when each would bring the card back; the last answer can be undone. Keys:
 * Space or Enter reveal (and go on after a typed answer), 1-4 grade, U undo, P play the sentence again.
 */
export function ReviewSession() {
  const t = useT();
  const queue = useReviewQueue();
  const answer = useAnswerReview();
  const undo = useUndoReview();
  const [items, setItems] = useState<TReviewItem[] | null>(null);
  const [source, setSource] = useState<unknown>(null);
  const [phase, setPhase] = useState<TPhase>('question');
  const [typed, setTyped] = useState('');
  const [feedback, setFeedback] = useState<TFeedback | null>(null);
  const [message, setMessage] = useState('');
  const [answered, setAnswered] = useState(0);
  const shownAt = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const revealRef = useRef<HTMLButtonElement>(null);
  const audio = useSentenceAudio();

  // a (new) queue from the server starts the session over with its cards (state adjusted while rendering)
  if (queue.data && queue.data !== source) {
    setSource(queue.data);
    setItems(queue.data.items);
    setTyped('');
  }

  const item = items?.[0] ?? null;
  const typedCard = item ? item.type !== 'meaning' : false;

  useEffect(() => {
    shownAt.current = Date.now();
    if (item?.type === 'listening' && item.audio) audio.play(item.audio);
    // only when another card comes up
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item?.cardId, item?.type]);

  const next = useCallback(() => {
    setTyped('');
    setFeedback(null);
    setPhase('question');
    setItems((old) => {
      const rest = old ? old.slice(1) : [];
      // the list is worked through: ask for a new one (cards answered Again may be due again, more than one page)
      if (rest.length === 0) void queue.refetch();
      return rest;
    });
  }, [queue]);

  const grade = useCallback(
    (rating: TReviewRating) => {
      if (!item || answer.isPending) return;
      if (item.type === 'meaning' && phase !== 'revealed') return;
      if (phase === 'feedback') return;
      audio.stop();
      answer.mutate(
        {
          cardId: item.cardId,
          type: item.type,
          rating,
          ...(item.type === 'meaning' ? {} : { typed: typed.trim() }),
          durationMs: Math.min(Date.now() - shownAt.current, 3_600_000),
        },
        {
          onSuccess: (res) => {
            setAnswered((n) => n + 1);
            const when = intervalWords(res.due, undefined, t.locale);
            if (res.score) {
              setMessage('');
              setFeedback({ item, answer: res });
              setPhase('feedback');
            } else {
              setMessage(t('review.comesBack', { grade: labelOf(res.rating, t), word: item.lemma, when }));
              next();
            }
          },
          onError: (err) => {
            if (hasErrorCode(err, 'review_not_due', 'word_not_found')) {
              setMessage(t('review.gone', { word: item.lemma }));
              next();
            } else setMessage(t('review.saveFailed'));
          },
        },
      );
    },
    [item, answer, phase, typed, audio, next, t],
  );

  const reveal = useCallback(() => {
    if (item?.type === 'meaning' && phase === 'question') setPhase('revealed');
  }, [item, phase]);

  const takeBack = useCallback(() => {
    if (answered === 0 || undo.isPending || answer.isPending) return;
    audio.stop();
    undo.mutate(undefined, {
      onSuccess: ({ item: back }) => {
        setAnswered((n) => n - 1);
        setTyped('');
        setFeedback(null);
        setPhase('question');
        setItems((old) => [back, ...(old ?? []).filter((i) => i.cardId !== back.cardId)]);
        setMessage(t('review.undone', { word: back.lemma }));
      },
      onError: (err) => {
        setAnswered(0);
        setMessage(hasErrorCode(err, 'nothing_to_undo') ? t('review.nothingToUndo') : t('review.undoFailed'));
      },
    });
  }, [answered, undo, answer.isPending, audio, t]);

  // keyboard: Space/Enter reveal or go on, 1-4 grade, U undo, P play again (typing in the answer box: Enter is
  // Good and 1-4 grade, since a Polish word has no digits)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
      const target = e.target as HTMLElement | null;
      const inAnswer = target === inputRef.current && target !== null;
      const grading = GRADES.find((g) => g.key === e.key);
      if (inAnswer) {
        if (grading) {
          e.preventDefault();
          grade(grading.rating);
        } else if (e.key === 'Enter') {
          e.preventDefault();
          grade('good');
        }
        return;
      }
      if (
        target &&
        /^(INPUT|TEXTAREA|SELECT|BUTTON|A)$/.test(target.tagName) &&
        (e.key === ' ' || e.key === 'Enter')
      )
        return;
      if (target?.isContentEditable) return;
      if (e.key === ' ' || e.key === 'Enter') {
        if (phase === 'feedback') {
          e.preventDefault();
          next();
        } else if (phase === 'question' && item?.type === 'meaning') {
          e.preventDefault();
          reveal();
        }
      } else if (grading) {
        e.preventDefault();
        grade(grading.rating);
      } else if (e.key === 'u' || e.key === 'U') {
        e.preventDefault();
        takeBack();
      } else if ((e.key === 'p' || e.key === 'P') && item?.type === 'listening' && item.audio) {
        e.preventDefault();
        audio.play(item.audio);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [grade, next, reveal, takeBack, phase, item, audio]);

  // focus follows the card: the answer box of a typed card, else the reveal button
  useEffect(() => {
    if (phase !== 'question') return;
    if (typedCard) inputRef.current?.focus();
    else revealRef.current?.focus({ preventScroll: true });
  }, [item?.cardId, phase, typedCard]);

  if (queue.isPending || (items === null && !queue.isError)) {
    return (
      <p className="route-loading" role="status">
        {t('review.loading')}
      </p>
    );
  }
  if (queue.isError) {
    return (
      <div role="alert">
        <p>{t('review.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void queue.refetch()}>
          {t('popover.tryAgain')}
        </button>
      </div>
    );
  }

  const newCount = (items ?? []).filter((i) => i.isNew).length;
  const reviewCount = (items ?? []).length - newCount;
  const limits = (
    <p className="review-limits">
      {t('review.due', { reviews: reviewCount, cards: newCount })}{' '}
      {t('review.limits', { newLeft: queue.data.newLeft, reviewsLeft: queue.data.reviewsLeft })}
    </p>
  );
  const status = (
    <p className="review-message" role="status">
      {message}
    </p>
  );
  const undoButton =
    answered > 0 ? (
      <button type="button" className="btn-link" disabled={undo.isPending} onClick={takeBack}>
        {t('review.undo')} <kbd aria-hidden="true">U</kbd>
      </button>
    ) : null;

  if (!item) {
    return (
      <>
        {status}
        {queue.isFetching ? (
          <p className="route-loading" role="status">
            {t('review.lookingForMore')}
          </p>
        ) : (
          <Finished newLeft={queue.data.newLeft} reviewed={answered} onCheck={() => void queue.refetch()} />
        )}
        {undoButton}
      </>
    );
  }

  return (
    <>
      {limits}
      {status}
      <article className="review-card" aria-labelledby="review-card-kind" key={item.cardId}>
        <p className="review-kind" id="review-card-kind">
          {t(KINDS[item.type])}
          {item.isNew ? ` · ${t('review.newCard')}` : ''}
        </p>
        <CardBody
          item={item}
          phase={phase}
          typed={typed}
          onTyped={setTyped}
          inputRef={inputRef}
          feedback={feedback}
          onPlay={item.audio ? () => audio.play(item.audio!) : undefined}
        />
      </article>
      {undoButton}
      <div className="review-bar">
        {phase === 'feedback' ? (
          <div className="review-bar-inner is-single">
            <button type="button" className="btn btn-primary review-reveal" onClick={next}>
              {t('review.nextCard')}
            </button>
          </div>
        ) : item.type === 'meaning' && phase === 'question' ? (
          <div className="review-bar-inner is-single">
            <button ref={revealRef} type="button" className="btn btn-primary review-reveal" onClick={reveal}>
              {t('exercises.showAnswer')}
            </button>
          </div>
        ) : (
          <div className="review-bar-inner" role="group" aria-label={t('review.howWell')}>
            {GRADES.map((g) => (
              <button
                key={g.rating}
                type="button"
                className={`review-grade review-grade-${g.rating}`}
                disabled={answer.isPending}
                aria-keyshortcuts={g.key}
                aria-label={t('review.gradeLabel', {
                  grade: t(g.label),
                  when: intervalWords(item.intervals[g.rating], undefined, t.locale),
                })}
                onClick={() => grade(g.rating)}
              >
                {t(g.label)}
                <small>{intervalLabel(item.intervals[g.rating], undefined, t.locale)}</small>
              </button>
            ))}
          </div>
        )}
      </div>
      <KeyboardHelp />
    </>
  );
}

function labelOf(rating: TReviewRating, t: TTranslate): string {
  const grade = GRADES.find((g) => g.rating === rating);
  return grade ? t(grade.label) : rating;
}

function CardBody({
  item,
  phase,
  typed,
  onTyped,
  inputRef,
  feedback,
  onPlay,
}: {
  item: TReviewItem;
  phase: TPhase;
  typed: string;
  onTyped: (v: string) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
  feedback: TFeedback | null;
  onPlay?: () => void;
}) {
  const t = useT();
  const inputId = useId();
  if (item.type === 'meaning') {
    return (
      <>
        <p className="review-prompt" lang="pl">
          {highlightForm(item.sentence, item.form ?? item.lemma)}
        </p>
        <p>
          {rich(t('review.whatMeans', { word: item.form ?? item.lemma }), {
            0: (s) => <strong lang="pl">{s}</strong>,
          })}
        </p>
        {phase === 'revealed' ? (
          <div className="review-answer">
            <p>
              <strong lang="pl">{item.lemma}</strong>{' '}
              <span className="word-popover-pos">{partOfSpeech(t, item.pos)}</span>:{' '}
              <strong>{item.meaning}</strong>
            </p>
            <p className="words-item-translation">{item.translation}</p>
          </div>
        ) : null}
      </>
    );
  }
  const answered = phase === 'feedback' && feedback ? feedback.answer : null;
  return (
    <>
      {item.type === 'listening' ? (
        <p>
          <button type="button" className="btn btn-secondary" onClick={onPlay} disabled={!onPlay}>
            <span aria-hidden="true">▶ </span>
            {t('popover.playSentence')}
          </button>
        </p>
      ) : null}
      <p className="review-prompt" lang="pl">
        {answered?.expected ? fillGap(item.sentence, answered.expected) : gapped(item.sentence, t)}
      </p>
      <p className="words-item-translation">
        {item.type === 'listening' ? `${t('review.listenThenType')} ` : ''}
        {t('review.hint')} <span>{item.meaning}</span> · {item.translation}
      </p>
      {answered ? (
        <div className="review-answer">
          <p className={`review-score-${answered.score}`}>
            {answered.score === 'correct'
              ? t('exercises.correct')
              : answered.score === 'almost'
                ? t('review.almost')
                : t('review.notQuite')}{' '}
            {typed.trim() && answered.score !== 'correct'
              ? rich(t('review.wordIsTyped', { word: answered.expected ?? '', typed: typed.trim() }), {
                  0: (s) => <strong lang="pl">{s}</strong>,
                  1: (s) => <span lang="pl">{s}</span>,
                })
              : rich(t('review.wordIs', { word: answered.expected ?? '' }), {
                  0: (s) => <strong lang="pl">{s}</strong>,
                })}
          </p>
          <p>
            {t('review.itComesBack', {
              grade: labelOf(answered.rating, t),
              when: intervalWords(answered.due, undefined, t.locale),
            })}
          </p>
        </div>
      ) : (
        <div className="review-typed">
          <label htmlFor={inputId}>{t('review.missingWord')}</label>
          <input
            ref={inputRef}
            id={inputId}
            lang="pl"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={100}
            value={typed}
            onChange={(e) => onTyped(e.target.value.replace(/[0-9]/g, ''))}
          />
          <p className="review-help">{t('review.typeHelp', { enter: 'Enter' })}</p>
        </div>
      )}
    </>
  );
}

/** The sentence with the first occurrence of the form marked (a meaning card). */
function highlightForm(sentence: string, form: string): ReactNode {
  const m = new RegExp(`(^|[^\\p{L}])(${escapeRegExp(form)})(?![\\p{L}])`, 'u').exec(sentence);
  if (!m) return sentence;
  const start = m.index + m[1].length;
  return (
    <>
      {sentence.slice(0, start)}
      <mark className="review-form">{m[2]}</mark>
      {sentence.slice(start + m[2].length)}
    </>
  );
}

function gapped(sentence: string, t: TTranslate): ReactNode {
  const at = sentence.indexOf(GAP);
  if (at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      <span className="review-gap">
        <span className="visually-hidden">({t('review.gap')})</span>
      </span>
      {sentence.slice(at + GAP.length)}
    </>
  );
}

function fillGap(sentence: string, word: string): ReactNode {
  const at = sentence.indexOf(GAP);
  if (at < 0) return sentence;
  return (
    <>
      {sentence.slice(0, at)}
      <mark className="review-form">{word}</mark>
      {sentence.slice(at + GAP.length)}
    </>
  );
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** No card left: when the next one is due (from the saved words), or what to do first. */
function Finished({
  newLeft,
  reviewed,
  onCheck,
}: {
  newLeft: number;
  reviewed: number;
  onCheck: () => void;
}) {
  const t = useT();
  const words = useSavedWords();
  const [now] = useState(() => Date.now());
  const upcoming = words.data
    ?.map((w) => new Date(w.due).getTime())
    .filter((t) => t > now)
    .sort((a, b) => a - b)[0];
  if (words.data && words.data.length === 0) {
    return (
      <div className="words-empty">
        <StateArt src={STATE_ART.noSavedWords} />
        <h2>{t('review.empty.title')}</h2>
        <p>{t('review.empty.text', { save: t('words.save') })}</p>
        <p>
          <Link to={paths.learnPolish.getHref()}>{t('review.chooseLesson')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="words-empty">
      <StateArt src={STATE_ART.reviewsDone} />
      <h2>{reviewed > 0 ? t('review.done.title') : t('review.nothing.title')}</h2>
      {upcoming ? (
        <p>
          {t('review.nextDue', {
            when: intervalWords(new Date(upcoming), undefined, t.locale),
            date: new Date(upcoming).toLocaleString(intlLocale(t.locale), {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </p>
      ) : null}
      <p>{newLeft === 0 ? t('review.limitMet') : t('review.comeBack')}</p>
      <p className="words-tools">
        <button type="button" className="btn btn-secondary" onClick={onCheck}>
          {t('review.check')}
        </button>
        <Link to={paths.words.getHref()}>{t('review.seeWords')}</Link>
      </p>
    </div>
  );
}

const KBD = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [i, (s: string) => <kbd>{s}</kbd>]));

function KeyboardHelp() {
  const t = useT();
  return (
    <section className="review-help" aria-label={t('player.shortcuts')}>
      <h2 className="visually-hidden">{t('player.shortcuts')}</h2>
      <p>{rich(t('review.keys', { space: 'Space', enter: 'Enter', u: 'U', p: 'P' }), KBD)}</p>
    </section>
  );
}

/** One audio element for the listening cards: plays a sentence's stretch of the lesson's track. */
function useSentenceAudio() {
  const ref = useRef<HTMLAudioElement | null>(null);
  const stopAt = useRef<number>(0);
  useEffect(
    () => () => {
      ref.current?.pause();
      ref.current = null;
    },
    [],
  );
  return useMemo(
    () => ({
      play(a: NonNullable<TReviewItem['audio']>) {
        let el = ref.current;
        if (!el) {
          el = new Audio();
          el.preload = 'auto';
          el.addEventListener('timeupdate', () => {
            if (el && el.currentTime * 1000 >= stopAt.current) el.pause();
          });
          ref.current = el;
        }
        if (el.getAttribute('src') !== a.url) el.src = a.url;
        stopAt.current = a.endMs;
        const start = () => {
          if (!el) return;
          el.currentTime = a.startMs / 1000;
          void el.play().catch(() => undefined);
        };
        if (el.readyState >= 1) start();
        else el.addEventListener('loadedmetadata', start, { once: true });
      },
      stop() {
        ref.current?.pause();
      },
    }),
    [],
  );
}
