import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
import { EpisodeView, getEpisodeQueryOptions, useEpisode } from '../../features/podcast';
import { hasErrorCode } from '../../lib/api-client';
import { useT } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';

export async function loader({ params }: LoaderFunctionArgs) {
  if (params.slug) await queryClient.prefetchQuery(getEpisodeQueryOptions(params.slug));
  return null;
}

export default function PodcastEpisodeRoute() {
  const t = useT();
  const { slug = '' } = useParams();
  const episode = useEpisode(slug);
  if (episode.isPending) return <Page title={t('shell.nav.podcast')} lead={t('podcast.loading')} />;
  if (episode.isError) {
    const missing = hasErrorCode(episode.error, 'not_found');
    return (
      <Page
        title={missing ? t('podcast.notFound') : t('shell.nav.podcast')}
        lead={missing ? t('podcast.notFoundText') : t('podcast.loadFailed')}
      >
        <p>
          <Link to={paths.podcast.getHref()}>{t('podcast.seeAll')}</Link>
        </p>
      </Page>
    );
  }
  return <EpisodeView key={slug} episode={episode.data} />;
}
