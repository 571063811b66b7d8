import { Page } from '../../components/layouts/page';
import { BlogFeedLink, getPostsQueryOptions, PostList, usePosts } from '../../features/blog';
import { useT } from '../../lib/i18n/i18n';
import { usePageMeta } from '../../lib/use-page-meta';
import { queryClient } from '../../lib/query-client';

export async function loader() {
  await queryClient.prefetchQuery(getPostsQueryOptions());
  return null;
}

export default function BlogRoute() {
  const t = useT();
  const description = t('blog.description');
  usePageMeta(t('blog.title'), description);
  const posts = usePosts();
  return (
    <Page
      title={t('blog.title')}
      lead={
        <span className="blog-intro">
          <span>{description}</span>
          <BlogFeedLink />
        </span>
      }
    >
      {posts.isPending ? (
        <p role="status">{t('blog.loading')}</p>
      ) : posts.isError ? (
        <p>
          {t('blog.loadFailed')}{' '}
          <button type="button" className="btn-link" onClick={() => void posts.refetch()}>
            {t('blog.tryAgain')}
          </button>
        </p>
      ) : (
        <PostList posts={posts.data} />
      )}
    </Page>
  );
}
