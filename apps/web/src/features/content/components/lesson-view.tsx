import { lazy, Suspense, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  type TGrammarExample,
  type TLessonLink,
  type TLessonResponse,
  type TVocabularyItem,
  type TWordStatusValue,
} from '@polski/contracts';
import { PremiumLock, useLocked } from '../../../components/premium-lock';
import { lessonHref } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';
import { rich, voiceText } from '../../../lib/i18n/ui';
import { useUser } from '../../../lib/session';
import { useMarkCompleted } from '../api/mark-completed';
import { useUnmarkCompleted } from '../api/unmark-completed';
import { usePageMeta } from '../../../lib/use-page-meta';
import { WhenNear } from '../../../components/when-near/when-near';
import { useSpeech } from '../hooks/use-speech';
import { LearningPlayer } from '../player/learning-player';
import { initialSpeed, playableTracks } from '../player/timeline';
import { useLearningPlayer } from '../player/use-learning-player';
import { WordAudioContext, type TWordAudioSource } from '../player/word-audio';
import { Dictation } from './dictation';
import { GrammarNotes } from './grammar-notes';
import { LessonQuestions } from './lesson-questions';
import { LessonText, type TTextHighlight } from './lesson-text';
import { ListenPanel } from './listen-panel';
import { LessonBreadcrumb } from './premium-gate';
import { VocabularyTable } from './vocabulary-table';
import { annotateSentences, vocabularyPlaces, type TLessonWordRef } from './word-annotation';
import './lesson.css';
import LessonExercises from './lesson-exercises';

/** The exercises come with their own file (docs/product.md, "Exercises"): fetched when the browser is idle. */

/** A video story's scene player, in its own file: only the Video Stories load it (docs/content.md, "Video Stories"). */
const SceneStory = lazy(() => import('../scenes/scene-story'));
const SCENE_HUBS: readonly string[] = ['yt-stories'];

/** The moon story is a slow audio story: its voice starts at 0.7x. */
const SLOW_HUBS: readonly string[] = ['beginner-moon-story'];
const SLOW_RATE = 0.7;
/** How often a lesson whose audio is being prepared asks again (docs/product.md, "The learning player"). */
const PREPARING_POLL_MS = 30_000;

export interface TLessonViewProps {
  lesson: TLessonResponse;
  /** /intermediate/:slug/listen: text hidden, Listen first. */
  listenMode?: boolean;
  /** Saved words and word statuses, from the words feature (composed by the lesson route). */
  words?: TLessonWordSlots;
  /** Opens the 'Log in or register' dialog: a visitor's "Sign in to save your progress". */
  onSignIn?: () => void;
}

/**
 * What the lesson route adds from the words feature (docs/product.md, "Saved words and review"): the features do
 * not import each other, so the lesson takes these as data and render functions.
 */
export interface TLessonWordSlots {
  /** The learner's statuses of the lesson's lemmas (absent: new); undefined: no marks in the text. */
  statuses?: Readonly<Record<string, TWordStatusValue>>;
  /** The word popover's actions for a word (save, status). */
  renderWordActions?: (word: TLessonWordRef) => ReactNode;
  /** The vocabulary list's action for an item; `word` is its first place in the text (null: not in it). */
  renderVocabularyAction?: (item: TVocabularyItem, word: TLessonWordRef | null) => ReactNode;
  /** Shown at the end of the lesson, before its progress ("mark the remaining new words as known"). */
  endOfLesson?: ReactNode;
}

/** A whole lesson: text with translations on demand, Listen, video, vocabulary, questions, progress, neighbours. */
export function LessonView({ lesson, listenMode = false, words, onSignIn }: TLessonViewProps) {
  const t = useT();
  const hasListenVariant = lesson.hub === 'int-mini-stories';
  const hidesText = listenMode || Boolean(lesson.listening);
  const [textShown, setTextShown] = useState(!hidesText);
  const [showAll, setShowAll] = useState(false);
  const textId = useId();
  const [highlight, setHighlight] = useState<TTextHighlight | null>(null);
  // a grammar example's word: show the text if it is hidden, then mark the word there (LessonText focuses it)
  const showExample = (ex: TGrammarExample) => {
    const sentence = lesson.paragraphs.slice(0, ex.paragraph).reduce((n, p) => n + p.sentences.length, 0) + ex.sentence;
    setTextShown(true);
    setHighlight((h) => ({ sentence, start: ex.start, end: ex.end, seq: (h?.seq ?? 0) + 1 }));
  };

  const sentences = useMemo(() => lesson.paragraphs.flatMap((p) => p.sentences.map((s) => s.pl)), [lesson.paragraphs]);
  const renderVocabularyAction = words?.renderVocabularyAction;
  const vocabularyWords = useMemo(
    () =>
      renderVocabularyAction
        ? vocabularyPlaces(lesson.paragraphs, annotateSentences(sentences, lesson.annotations), lesson.vocabulary)
        : null,
    [renderVocabularyAction, lesson.paragraphs, lesson.annotations, lesson.vocabulary, sentences],
  );
  const slowHub = SLOW_HUBS.includes(lesson.hub);
  const speech = useSpeech(sentences, { initialRate: slowHub ? SLOW_RATE : 1 });

  // the lesson's own audio in the learning player (docs/product.md, "The learning player"); the browser's voice
  // reads the lesson when it has none, while it is being prepared, or when it fails to load
  const tracks = useMemo(() => playableTracks(lesson.media), [lesson.media]);
  const startSpeed = initialSpeed(tracks, slowHub);
  const player = useLearningPlayer({
    paragraphs: lesson.paragraphs,
    tracks,
    initialSpeed: startSpeed,
    initialRate: slowHub && startSpeed !== 'slow' ? SLOW_RATE : 1,
  });
  const playerOn = tracks.length > 0 && !player.failed;
  const wordAudio = useMemo<TWordAudioSource>(
    () => ({ words: lesson.media?.words, track: playerOn ? player.track : undefined, timed: player.timed }),
    [lesson.media?.words, playerOn, player.track, player.timed],
  );
  const dictationOn = playerOn || (hidesText && speech.support === 'ready');

  // audio being prepared: ask for the lesson again now and then, so it becomes audible without a reload
  const queryClient = useQueryClient();
  const preparing = lesson.media?.status === 'preparing';
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: ['content', 'lesson', lesson.hub, lesson.slug] });
    }, PREPARING_POLL_MS);
    return () => clearInterval(timer);
  }, [preparing, queryClient, lesson.hub, lesson.slug]);

  // answering every question right marks the lesson completed for a signed-in user
  const user = useUser();
  const autoMark = useMarkCompleted();
  const completeOnAllCorrect = () => {
    if (user && !lesson.completed && !autoMark.isPending) autoMark.mutate({ hub: lesson.hub, slug: lesson.slug });
  };

  usePageMeta(listenMode ? t('lesson.meta.listening', { title: lesson.title }) : lesson.title, `${lesson.titleEn}. ${lesson.summary}`);

  const listen = playerOn ? null : (
    <ListenPanel
      speech={speech}
      sentenceCount={sentences.length}
      audioUrl={lesson.media ? undefined : lesson.audioUrl}
      premium={lesson.premium}
      prominent={hidesText}
      note={
        lesson.media?.status === 'preparing' ? (
          <p className="listen-note" role="status">
            {t('lesson.audio.preparing', { voice: voiceText(t, lesson.media) })}
          </p>
        ) : player.failed ? (
          <p className="listen-note" role="status">
            {t('lesson.audio.failed')}
          </p>
        ) : null
      }
    />
  );

  return (
    <WordAudioContext value={wordAudio}>
    <article className="page container lesson">
      <LessonBreadcrumb hubId={lesson.hub} />
      <header className="lesson-header">
        {listenMode ? <p className="eyebrow">{t('lesson.listeningMode')}</p> : null}
        <h1 className="lesson-title" lang="pl">
          {lesson.title}
        </h1>
        <p className="lesson-title-en">{lesson.titleEn}</p>
        <ul className="lesson-meta">
          <li className="badge">{t('lesson.level', { level: lesson.level })}</li>
          <li className="badge">{t('lesson.readingMinutes', { n: lesson.readingMinutes })}</li>
          <li className={`badge${lesson.premium ? ' badge-premium' : ' badge-free'}`}>
            {lesson.premium ? t('lesson.premium') : t('lesson.free')}
          </li>
          {lesson.completed ? (
            <li className="badge badge-done">
              <span aria-hidden="true">✓ </span>{t('lesson.completed')}
            </li>
          ) : null}
        </ul>
        {hasListenVariant ? (
          <p className="lesson-mode-link">
            {listenMode ? (
              <Link to={lessonHref(lesson.hub, lesson.slug)}>{t('lesson.readWithText')}</Link>
            ) : (
              <Link to={lessonHref(lesson.hub, lesson.slug, { listen: true })}>{t('lesson.practiseListening')}</Link>
            )}
          </p>
        ) : null}
      </header>

      {hidesText ? listen : null}

      {SCENE_HUBS.includes(lesson.hub) ? (
        <Suspense fallback={<div className="scene-story-placeholder" aria-hidden="true" />}>
          <SceneStory
            lesson={lesson}
            mediaElement={playerOn ? player.element : undefined}
            track={playerOn ? player.track : undefined}
          />
        </Suspense>
      ) : lesson.videoId ? (
        <div className="lesson-video">
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(lesson.videoId)}`}
            title={t('lesson.video', { title: lesson.titleEn })}
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : null}

      {lesson.grammar?.length ? <GrammarNotes notes={lesson.grammar} onShowExample={showExample} /> : null}

      <section className="lesson-section" aria-labelledby={`${textId}-h`}>
        <div className="lesson-section-head">
          <h2 id={`${textId}-h`}>{t('lesson.text')}</h2>
          <div className="lesson-toolbar">
            {hidesText ? (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-expanded={textShown}
                aria-controls={textId}
                onClick={() => setTextShown((v) => !v)}
              >
                {textShown ? t('lesson.hideText') : t('lesson.showText')}
              </button>
            ) : null}
            {textShown ? (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-pressed={showAll}
                onClick={() => setShowAll((v) => !v)}
              >
                {showAll ? t('lesson.hideTranslations') : t('lesson.showTranslations')}
              </button>
            ) : null}
          </div>
        </div>
        <div id={textId}>
          {textShown ? (
            <>
              <p className="lesson-hint">
                {t('lesson.hint', { tab: 'Tab', enter: 'Enter' })}
              </p>
              {words?.statuses ? (
                <p className="word-status-legend">
                  {rich(t('lesson.statusLegend'), {
                    0: (s) => <span className="word ws-new">{s}</span>,
                    1: (s) => <span className="word ws-learning ws-1">{s}</span>,
                    2: (s) => <span className="word">{s}</span>,
                  })}
                </p>
              ) : null}
              <LessonText
                paragraphs={lesson.paragraphs}
                showAll={showAll}
                current={playerOn ? player.sentence : speech.current}
                currentWord={playerOn ? player.word : -1}
                onPlaySentence={playerOn ? player.playSentence : undefined}
                annotations={lesson.annotations}
                highlight={highlight}
                statuses={words?.statuses}
                renderWordActions={words?.renderWordActions}
                translations={lesson}
              />
            </>
          ) : (
            <p className="lesson-hint">
              {t('lesson.listenFirst')}
            </p>
          )}
        </div>
      </section>

      {hidesText ? null : listen}
      {playerOn && lesson.media ? (
        <LearningPlayer player={player} media={lesson.media} title={lesson.title} sentenceCount={sentences.length} />
      ) : null}

      <section className="lesson-section" aria-labelledby={`${textId}-vocab`}>
        <h2 id={`${textId}-vocab`}>{t('lesson.vocabulary')}</h2>
        <WhenNear placeholder="vocabulary-placeholder">
          <VocabularyTable
            items={lesson.vocabulary}
            renderAction={
              renderVocabularyAction && vocabularyWords
                ? (item, i) => renderVocabularyAction(item, vocabularyWords[i] ?? null)
                : undefined
            }
          />
        </WhenNear>
      </section>

      <section className="lesson-section" aria-labelledby={`${textId}-questions`}>
        <h2 id={`${textId}-questions`}>{t('lesson.questions')}</h2>
        <WhenNear placeholder="questions-placeholder">
          <LessonQuestions questions={lesson.questions} onAllCorrect={completeOnAllCorrect} />
        </WhenNear>
      </section>

      {lesson.exercises?.length ? (
        <section className="lesson-section lesson-exercises-section" aria-labelledby={`${textId}-exercises`}>
          <h2 id={`${textId}-exercises`}>{t('lesson.exercises')}</h2>
          <WhenNear placeholder="exercises-placeholder">
            <LessonExercises exercises={lesson.exercises} text={lesson} />
          </WhenNear>
        </section>
      ) : null}

      {dictationOn ? (
        <section className="lesson-section" aria-labelledby={`${textId}-dictation`}>
          <h2 id={`${textId}-dictation`}>{t('lesson.dictation')}</h2>
          <Dictation
            sentences={lesson.paragraphs.flatMap((p) => p.sentences)}
            track={playerOn && player.track ? { url: player.track.url, timed: player.timed } : undefined}
            count={hidesText ? 5 : 3}
          />
        </section>
      ) : null}

      {words?.endOfLesson}

      <LessonProgress lesson={lesson} onSignIn={onSignIn} />

      <nav className="lesson-pager" aria-label={t('lesson.moreLessons')}>
        {lesson.prev ? (
          <PagerLink lesson={lesson} to={lesson.prev} rel="prev" listenMode={listenMode} />
        ) : (
          <span />
        )}
        {lesson.next ? <PagerLink lesson={lesson} to={lesson.next} rel="next" listenMode={listenMode} /> : null}
      </nav>
    </article>
    </WordAudioContext>
  );
}

/**
 * Previous or next lesson. A premium neighbour the reader cannot open yet carries the lock and the word "Premium"
 * (docs/product.md, "Premium lessons are marked"): "Next lesson" never leads into the paywall unannounced.
 */
function PagerLink({
  lesson,
  to,
  rel,
  listenMode,
}: {
  lesson: TLessonResponse;
  to: TLessonLink;
  rel: 'prev' | 'next';
  listenMode: boolean;
}) {
  const t = useT();
  const locked = useLocked(to.premium);
  return (
    <Link
      to={lessonHref(lesson.hub, to.slug, { listen: listenMode })}
      className={`lesson-pager-${rel}${locked ? ' is-locked' : ''}`}
      rel={rel}
    >
      <span className="lesson-pager-label">
        {t(rel === 'prev' ? 'lesson.previous' : 'lesson.next')}
        {locked ? <PremiumLock visible /> : null}
      </span>{' '}
      <span lang="pl">{to.title}</span>
    </Link>
  );
}


/**
 * 'Mark as completed' for a signed-in user (stored in the database); otherwise "Sign in to save your progress", whose
 * "Sign in" opens the dialog (plain text only where no dialog is at hand).
 */
function LessonProgress({ lesson, onSignIn }: { lesson: TLessonResponse; onSignIn?: () => void }) {
  const t = useT();
  const user = useUser();
  const mark = useMarkCompleted();
  const unmark = useUnmarkCompleted();
  const ref = { hub: lesson.hub, slug: lesson.slug };
  const busy = mark.isPending || unmark.isPending;
  return (
    <section className="lesson-progress" aria-label={t('lesson.progress.label')}>
      {!user ? (
        <p>
          {rich(t('nav2.lesson.progressSignIn'), {
            0: (s) =>
              onSignIn ? (
                <button type="button" className="btn-link" onClick={onSignIn}>
                  {s}
                </button>
              ) : (
                s
              ),
          })}
        </p>
      ) : lesson.completed ? (
        <>
          <p className="lesson-progress-done" role="status">
            <span aria-hidden="true">✓ </span>{t('lesson.progress.done')}
          </p>
          <button type="button" className="btn-link" disabled={busy} onClick={() => unmark.mutate(ref)}>
            {t('lesson.progress.unmark')}
          </button>
        </>
      ) : (
        <>
          <p>{t('lesson.progress.prompt')}</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => mark.mutate(ref)}>
            {t('lesson.progress.mark')}
          </button>
        </>
      )}
    </section>
  );
}
