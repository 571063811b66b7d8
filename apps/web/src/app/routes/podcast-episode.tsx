import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
import { EpisodeView, getEpisodeQueryOptions, useEpisode } from '../../features/podcast';
import { hasErrorCode } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

export async function loader({ params }: LoaderFunctionArgs) {
  if (params.slug) await queryClient.prefetchQuery(getEpisodeQueryOptions(params.slug));
  return null;
}

export default function PodcastEpisodeRoute() {
  const { slug = '' } = useParams();
  const episode = useEpisode(slug);
  if (episode.isPending) return <Page title="Podcast" lead="Loading the episode…" />;
  if (episode.isError) {
    const missing = hasErrorCode(episode.error, 'not_found');
    return (
      <Page
        title={missing ? 'Episode not found' : 'Podcast'}
        lead={missing ? 'There is no episode at this address.' : 'The episode could not be loaded.'}
      >
        <p>
          <Link to={paths.podcast.getHref()}>See all episodes</Link>
        </p>
      </Page>
    );
  }
  return <EpisodeView key={slug} episode={episode.data} />;
}
