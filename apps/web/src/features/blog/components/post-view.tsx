import { Link } from 'react-router';
import type { TBlogPostResponse } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useT } from '../../../lib/i18n/i18n';
import { translationLang } from '../../../lib/i18n/translation-lang';
import { formatDate } from './format';
import { SafeHtml } from '../../../components/ui/safe-html';
import './blog.css';

/** One article. */
export function PostView({ post }: { post: TBlogPostResponse }) {
  const t = useT();
  usePageMeta(post.title, post.description);
  return (
    <article className="page container post">
      <p className="blog-back-link">
        <Link to={paths.blog.getHref()}>← {t('blog.allArticles')}</Link>
      </p>
      <h1 lang={translationLang(post, 'title')}>{post.title}</h1>
      <p className="post-byline">
        <time dateTime={post.date}>{formatDate(post.date, t.locale)}</time> · {post.author}
      </p>
      <ul className="post-tags" aria-label={t('blog.tags')}>
        {post.tags.map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
      </ul>
      {/* a post's body is English in every language (docs/api.md, "Language of the content") */}
      <SafeHtml html={post.bodyHtml} className="post-body" lang="en" />
      <p className="post-footer">
        <Link to={paths.learnPolish.getHref()} className="btn btn-primary">
          {t('blog.startLearning')}
        </Link>
      </p>
    </article>
  );
}
