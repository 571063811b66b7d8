import { Link } from 'react-router';
import type { TPodcastEpisodeResponse } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { useEpisodeAudioAvailable } from '../api/check-episode-audio';
import { usePageMeta } from '../../../lib/use-page-meta';
import { FeedLink } from './episode-list';
import { formatDate, formatDuration } from './format';
import { SafeHtml } from '../../../components/ui/safe-html';
import { Transcript } from './transcript';
import './podcast.css';

/** One episode: player (only when the recording is published), show notes, transcript. */
export function EpisodeView({ episode }: { episode: TPodcastEpisodeResponse }) {
  usePageMeta(`${episode.title} (podcast)`, episode.description);
  const audio = useEpisodeAudioAvailable(episode.audioUrl);
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
        {audio.isPending ? (
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
        <Transcript lines={episode.transcript} />
      </section>
    </article>
  );
}
