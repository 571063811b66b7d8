import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { HUBS, type THubId } from '@polski/contracts';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
// the feature's files, not its index: the lesson view and its styles stay out of this page's download
import { getHubLessonsQueryOptions, useHubLessons } from '../../features/content/api/get-hub-lessons';
import { ContentStatus } from '../../features/content/components/content-status';
import { HubLessons } from '../../features/content/components/hub-lessons';
import { hubTitleKey } from '../../lib/i18n/hub-title';
import { useT } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { useUser } from '../../lib/session';

const hubOf = (id: string | undefined): THubId | null => HUBS.find((h) => h.id === id)?.id ?? null;

export async function loader({ params }: LoaderFunctionArgs) {
  const hub = hubOf(params.hubId);
  if (hub) await queryClient.prefetchQuery(getHubLessonsQueryOptions(hub));
  return null;
}

/** /learn-polish/:hubId: the hub's lessons. */
export default function HubRoute() {
  const hub = hubOf(useParams().hubId);
  const t = useT();
  if (!hub) {
    return (
      <Page title={t('hubs.page.notFound')} lead={t('hubs.page.notFoundText')}>
        <p>
          <Link to={paths.learnPolish.getHref()}>{t('lesson.allPaths')}</Link>
        </p>
      </Page>
    );
  }
  return <HubListing key={hub} hub={hub} />;
}

function HubListing({ hub }: { hub: THubId }) {
  const user = useUser();
  const query = useHubLessons(hub);
  const t = useT();
  const title = t(hubTitleKey(hub));
  if (query.isPending)
    return (
      <ContentStatus title={title} loading>
        <p>{t('hubs.page.loading')}</p>
      </ContentStatus>
    );
  if (query.isError) {
    return (
      <ContentStatus title={title}>
        <p>
          {t('hubs.page.loadFailed')}{' '}
          <button type="button" className="btn-link" onClick={() => void query.refetch()}>
            {t('popover.tryAgain')}
          </button>
        </p>
      </ContentStatus>
    );
  }
  return <HubLessons data={query.data} signedIn={Boolean(user)} />;
}
