import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
import { getPostQueryOptions, PostView, usePost } from '../../features/blog';
import { hasErrorCode } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';

export async function loader({ params }: LoaderFunctionArgs) {
  if (params.slug) await queryClient.prefetchQuery(getPostQueryOptions(params.slug));
  return null;
}

export default function BlogPostRoute() {
  const t = useT();
  const { slug = '' } = useParams();
  const post = usePost(slug);
  if (post.isPending) return <Page title={t('blog.title')} lead={t('blog.loadingArticle')} />;
  if (post.isError) {
    const missing = hasErrorCode(post.error, 'not_found');
    return (
      <Page
        title={missing ? t('blog.notFound') : t('blog.title')}
        lead={missing ? t('blog.notFoundLead') : t('blog.articleFailed')}
      >
        <p>
          <Link to={paths.blog.getHref()}>{t('blog.seeAll')}</Link>
        </p>
      </Page>
    );
  }
  return <PostView key={slug} post={post.data} />;
}
