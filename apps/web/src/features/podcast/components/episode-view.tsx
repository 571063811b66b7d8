import { useMemo } from 'react';
import { Link } from 'react-router';
import type { TPodcastEpisodeResponse } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { useEpisodeAudioAvailable } from '../api/check-episode-audio';
import { useT } from '../../../lib/i18n/i18n';
import { translationLang } from '../../../lib/i18n/translation-lang';
import { voiceText } from '../../../lib/i18n/ui';
import { usePageMeta } from '../../../lib/use-page-meta';
import { FeedLink } from './episode-list';
import { formatClock, formatDate, formatDuration } from './format';
import { SafeHtml } from '../../../components/ui/safe-html';
import { LearningPlayer } from '../../content/player/learning-player';
import { initialSpeed, playableTracks } from '../../content/player/timeline';
import { useLearningPlayer } from '../../content/player/use-learning-player';
import { Transcript } from './transcript';
import './podcast.css';

/**
 * One episode: the learning player over its transcript when the episode has rendered audio with line timings
 * (docs/product.md, "The learning player"), else the plain player (only when the recording is published); show
 * notes; transcript.
 */
export function EpisodeView({ episode }: { episode: TPodcastEpisodeResponse }) {
  const t = useT();
  usePageMeta(t('podcast.meta', { title: episode.title }), episode.description);
  const tracks = useMemo(() => playableTracks(episode.media), [episode.media]);
  const paragraphs = useMemo(() => [{ sentences: episode.transcript }], [episode.transcript]);
  const player = useLearningPlayer({ paragraphs, tracks, initialSpeed: initialSpeed(tracks, false) });
  const playerOn = tracks.length > 0 && !player.failed;
  // while the render prepares the episode, there is nothing to look for (and no "not published" to say)
  const preparing = episode.media?.status === 'preparing';
  const audio = useEpisodeAudioAvailable(episode.audioUrl, { enabled: !playerOn && !preparing });
  return (
    <article className="page container episode">
      <p className="back-link">
        <Link to={paths.podcast.getHref()}>← {t('podcast.all')}</Link>
      </p>
      <p className="episode-number">{t('podcast.episode', { n: episode.number })}</p>
      <h1 lang={translationLang(episode, 'title')}>{episode.title}</h1>
      <ul className="episode-meta">
        <li>
          <time dateTime={episode.date}>{formatDate(episode.date, t.locale)}</time>
        </li>
        <li>{t('lesson.level', { level: episode.level })}</li>
        <li>{formatDuration(episode.durationSeconds, t.locale)}</li>
      </ul>
      <p className="lead" lang={translationLang(episode, 'description')}>
        {episode.description}
      </p>

      <section className="episode-player" aria-label={t('podcast.listen')}>
        {preparing && episode.media ? (
          <p className="episode-audio-note" role="status">
            {t('podcast.preparing', { voice: voiceText(t, episode.media) })}
          </p>
        ) : playerOn && episode.media ? (
          <p className="episode-audio-note">{t('podcast.pressPlay')}</p>
        ) : audio.isPending ? (
          <p className="episode-audio-note" role="status">
            {t('podcast.checking')}
          </p>
        ) : audio.data ? (
          <audio controls preload="none" src={episode.audioUrl} className="episode-audio">
            <a href={episode.audioUrl}>{t('podcast.download')}</a>
          </audio>
        ) : (
          <p className="episode-audio-note">{t('podcast.notPublished')}</p>
        )}
        <FeedLink />
      </section>

      {episode.chapters?.length ? (
        <Chapters
          chapters={episode.chapters}
          current={playerOn ? player.sentence : -1}
          onPlay={playerOn ? player.playSentence : undefined}
        />
      ) : null}

      {/* the notes bring their own headings (## In this episode ...) */}
      <section className="episode-section" aria-label={t('podcast.showNotes')}>
        <SafeHtml html={episode.showNotesHtml} className="prose" />
      </section>

      <section className="episode-section" aria-labelledby="transcript-h">
        <h2 id="transcript-h">{t('podcast.transcript')}</h2>
        <Transcript
          lines={episode.transcript}
          current={playerOn ? player.sentence : -1}
          onPlay={playerOn ? player.playSentence : undefined}
          translations={episode}
        />
      </section>
      {playerOn && episode.media ? (
        <LearningPlayer
          player={player}
          media={episode.media}
          title={episode.title}
          sentenceCount={episode.transcript.length}
          unit="line"
        />
      ) : null}
    </article>
  );
}

/**
 * The episode's parts (docs/product.md, "Podcast"): each title with where it starts in the audio; with the player,
 * a button that plays from there, and the part being heard marked.
 */
function Chapters({
  chapters,
  current,
  onPlay,
}: {
  chapters: NonNullable<TPodcastEpisodeResponse['chapters']>;
  current: number;
  onPlay?: (line: number) => void;
}) {
  // the part being heard: the last one starting at or before the line heard
  const t = useT();
  const heard = current < 0 ? -1 : chapters.reduce((at, c, i) => (c.line <= current ? i : at), -1);
  return (
    <nav className="episode-section episode-chapters" aria-labelledby="chapters-h">
      <h2 id="chapters-h">{t('podcast.chapters')}</h2>
      <ol>
        {chapters.map((c, i) => {
          const time = c.startMs === undefined ? null : formatClock(c.startMs);
          return (
            <li key={c.line} aria-current={i === heard ? 'true' : undefined}>
              {onPlay && time ? (
                <button type="button" className="episode-chapter" onClick={() => onPlay(c.line)}>
                  <time dateTime={`PT${Math.floor((c.startMs ?? 0) / 1000)}S`}>{time}</time>
                  <span>{c.title}</span>
                </button>
              ) : (
                <span className="episode-chapter">
                  {time ? <time dateTime={`PT${Math.floor((c.startMs ?? 0) / 1000)}S`}>{time}</time> : null}
                  <span>{c.title}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
