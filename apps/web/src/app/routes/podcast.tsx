import { Page } from '../../components/layouts/page';
import { EpisodeList, FeedLink, getEpisodesQueryOptions, useEpisodes } from '../../features/podcast';
import { usePageMeta } from '../../lib/use-page-meta';
import { queryClient } from '../../lib/query-client';

export async function loader() {
  await queryClient.prefetchQuery(getEpisodesQueryOptions());
  return null;
}

const TITLE = 'Polski Stories Podcast';
const DESCRIPTION =
  'Episodes in clear, natural Polish about everyday life and culture, with transcripts and show notes.';

export default function PodcastRoute() {
  usePageMeta(TITLE, DESCRIPTION);
  const episodes = useEpisodes();
  return (
    <Page
      title={TITLE}
      lead={
        <span className="podcast-intro">
          <span>{DESCRIPTION}</span>
          <FeedLink />
        </span>
      }
    >
      {episodes.isPending ? (
        <p role="status">Loading the episodes…</p>
      ) : episodes.isError ? (
        <p>
          The episodes could not be loaded.{' '}
          <button type="button" className="btn-link" onClick={() => void episodes.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <EpisodeList episodes={episodes.data} />
      )}
    </Page>
  );
}
