import { Page } from '../../components/layouts/page';
import { BlogFeedLink, getPostsQueryOptions, PostList, usePosts } from '../../features/blog';
import { usePageMeta } from '../../lib/use-page-meta';
import { queryClient } from '../../lib/query-client';

export async function loader() {
  await queryClient.prefetchQuery(getPostsQueryOptions());
  return null;
}

const DESCRIPTION = 'Articles about learning Polish, the language and life in Poland.';

export default function BlogRoute() {
  usePageMeta('Blog', DESCRIPTION);
  const posts = usePosts();
  return (
    <Page
      title="Blog"
      lead={
        <span className="blog-intro">
          <span>{DESCRIPTION}</span>
          <BlogFeedLink />
        </span>
      }
    >
      {posts.isPending ? (
        <p role="status">Loading the articles…</p>
      ) : posts.isError ? (
        <p>
          The articles could not be loaded.{' '}
          <button type="button" className="btn-link" onClick={() => void posts.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <PostList posts={posts.data} />
      )}
    </Page>
  );
}
