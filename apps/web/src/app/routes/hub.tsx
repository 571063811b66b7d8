import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { HUBS, type THubId } from '@polski/contracts';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
// the feature's files, not its index: the lesson view and its styles stay out of this page's download
import { getHubLessonsQueryOptions, useHubLessons } from '../../features/content/api/get-hub-lessons';
import { ContentStatus } from '../../features/content/components/content-status';
import { HubLessons } from '../../features/content/components/hub-lessons';
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
  if (!hub) {
    return (
      <Page title="Learning path not found" lead="There is no learning path at this address.">
        <p>
          <Link to={paths.learnPolish.getHref()}>See all learning paths</Link>
        </p>
      </Page>
    );
  }
  return <HubListing key={hub} hub={hub} />;
}

function HubListing({ hub }: { hub: THubId }) {
  const user = useUser();
  const query = useHubLessons(hub);
  const title = HUBS.find((h) => h.id === hub)?.title ?? hub;
  if (query.isPending)
    return (
      <ContentStatus title={title} loading>
        <p>Loading the lessons…</p>
      </ContentStatus>
    );
  if (query.isError) {
    return (
      <ContentStatus title={title}>
        <p>
          The lessons could not be loaded.{' '}
          <button type="button" className="btn-link" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      </ContentStatus>
    );
  }
  return <HubLessons data={query.data} signedIn={Boolean(user)} />;
}
