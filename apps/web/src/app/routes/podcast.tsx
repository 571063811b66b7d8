import { Page } from '../../components/layouts/page';
import { STATE_ART, StateArt } from '../../assets/illustrations/state-art';
import { EpisodeList, FeedLink, getEpisodesQueryOptions, useEpisodes } from '../../features/podcast';
import { useT } from '../../lib/i18n/i18n';
import { usePageMeta } from '../../lib/use-page-meta';
import { queryClient } from '../../lib/query-client';

export async function loader() {
  await queryClient.prefetchQuery(getEpisodesQueryOptions());
  return null;
}

export default function PodcastRoute() {
  const t = useT();
  const TITLE = t('podcast.title', { site: 'Polski Stories' });
  const DESCRIPTION = t('podcast.description');
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
      <StateArt src={STATE_ART.podcast} className="podcast-art" />
      {episodes.isPending ? (
        <p role="status">{t('podcast.loadingList')}</p>
      ) : episodes.isError ? (
        <p>
          {t('podcast.listFailed')}{' '}
          <button type="button" className="btn-link" onClick={() => void episodes.refetch()}>
            {t('popover.tryAgain')}
          </button>
        </p>
      ) : (
        <EpisodeList episodes={episodes.data} />
      )}
    </Page>
  );
}
