import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
import { getPostQueryOptions, PostView, usePost } from '../../features/blog';
import { hasErrorCode } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

export async function loader({ params }: LoaderFunctionArgs) {
  if (params.slug) await queryClient.prefetchQuery(getPostQueryOptions(params.slug));
  return null;
}

export default function BlogPostRoute() {
  const { slug = '' } = useParams();
  const post = usePost(slug);
  if (post.isPending) return <Page title="Blog" lead="Loading the article…" />;
  if (post.isError) {
    const missing = hasErrorCode(post.error, 'not_found');
    return (
      <Page
        title={missing ? 'Article not found' : 'Blog'}
        lead={missing ? 'There is no article at this address.' : 'The article could not be loaded.'}
      >
        <p>
          <Link to={paths.blog.getHref()}>See all articles</Link>
        </p>
      </Page>
    );
  }
  return <PostView key={slug} post={post.data} />;
}
