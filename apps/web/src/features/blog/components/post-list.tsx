import { Link } from 'react-router';
import type { TBlogListResponse } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';
import { translationLang } from '../../../lib/i18n/translation-lang';
import { formatDate } from './format';
import './blog.css';

/** The posts, newest first (the API's order). */
export function PostList({ posts }: { posts: TBlogListResponse }) {
  const t = useT();
  return (
    <ol className="post-list">
      {posts.map((p) => (
        <li key={p.slug} className="post-card">
          <h2 className="post-card-title" lang={translationLang(p, 'title')}>
            <Link to={paths.blogPost.getHref(p.slug)} className="post-card-link">
              {p.title}
            </Link>
          </h2>
          <p className="post-byline">
            <time dateTime={p.date}>{formatDate(p.date, t.locale)}</time> · {p.author}
          </p>
          <p className="post-card-description" lang={translationLang(p, 'description')}>
            {p.description}
          </p>
          <ul className="post-tags" aria-label={t('blog.tags')}>
            {p.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

export function BlogFeedLink() {
  const t = useT();
  return (
    <a href={paths.blogFeed.getHref()} className="blog-feed-link" type="application/rss+xml">
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
      {t('blog.rss')}
    </a>
  );
}
