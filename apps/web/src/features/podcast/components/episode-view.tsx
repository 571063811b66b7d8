import { useMemo } from 'react';
import { Link } from 'react-router';
import type { TPodcastEpisodeResponse } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { useEpisodeAudioAvailable } from '../api/check-episode-audio';
import { usePageMeta } from '../../../lib/use-page-meta';
import { FeedLink } from './episode-list';
import { formatDate, formatDuration } from './format';
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
  usePageMeta(`${episode.title} (podcast)`, episode.description);
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
        <Link to={paths.podcast.getHref()}>← All episodes</Link>
      </p>
      <p className="episode-number">Episode {episode.number}</p>
      <h1>{episode.title}</h1>
      <ul className="episode-meta">
        <li>
          <time dateTime={episode.date}>{formatDate(episode.date)}</time>
        </li>
        <li>Level {episode.level}</li>
        <li>{formatDuration(episode.durationSeconds)}</li>
      </ul>
      <p className="lead">{episode.description}</p>

      <section className="episode-player" aria-label="Listen to the episode">
        {preparing && episode.media ? (
          <p className="episode-audio-note" role="status">
            Audio is being prepared ({episode.media.voiceLabel}). Read the transcript below in the meantime.
          </p>
        ) : playerOn && episode.media ? (
          <p className="episode-audio-note">Press Play, or a line’s play mark in the transcript below.</p>
        ) : audio.isPending ? (
          <p className="episode-audio-note" role="status">
            Checking for the recording…
          </p>
        ) : audio.data ? (
          <audio controls preload="none" src={episode.audioUrl} className="episode-audio">
            <a href={episode.audioUrl}>Download the episode</a>
          </audio>
        ) : (
          <p className="episode-audio-note">
            The recording of this episode is not published yet. Read the transcript below, or subscribe to the
            feed to get it as soon as it is out.
          </p>
        )}
        <FeedLink />
      </section>

      {/* the notes bring their own headings (## In this episode ...) */}
      <section className="episode-section" aria-label="Show notes">
        <SafeHtml html={episode.showNotesHtml} className="prose" />
      </section>

      <section className="episode-section" aria-labelledby="transcript-h">
        <h2 id="transcript-h">Transcript</h2>
        <Transcript
          lines={episode.transcript}
          current={playerOn ? player.sentence : -1}
          onPlay={playerOn ? player.playSentence : undefined}
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
