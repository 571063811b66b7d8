import { Link } from 'react-router';
import type { TPodcastListResponse } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';
import { translationLang } from '../../../lib/i18n/translation-lang';
import { formatDate, formatDuration } from './format';
import './podcast.css';

/** The episodes, newest first (the API's order). */
export function EpisodeList({ episodes }: { episodes: TPodcastListResponse }) {
  const t = useT();
  return (
    <ol className="episode-list">
      {episodes.map((e) => (
        <li key={e.slug} className="episode-card">
          <p className="episode-number">{t('podcast.episode', { n: e.number })}</p>
          <h2 className="episode-card-title" lang={translationLang(e, 'title')}>
            <Link to={paths.podcastEpisode.getHref(e.slug)} className="episode-card-link">
              {e.title}
            </Link>
          </h2>
          <ul className="episode-meta">
            <li>
              <time dateTime={e.date}>{formatDate(e.date, t.locale)}</time>
            </li>
            <li>{t('lesson.level', { level: e.level })}</li>
            <li>{formatDuration(e.durationSeconds, t.locale)}</li>
          </ul>
          <p className="episode-card-description" lang={translationLang(e, 'description')}>
            {e.description}
          </p>
        </li>
      ))}
    </ol>
  );
}

export function FeedLink({ label }: { label?: string }) {
  const t = useT();
  return (
    <a href={paths.podcastFeed.getHref()} className="feed-link" type="application/rss+xml">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="6" cy="18" r="2" fill="currentColor" />
        <path
          d="M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      {label ?? t('podcast.subscribe', { rss: 'RSS' })}
    </a>
  );
}
