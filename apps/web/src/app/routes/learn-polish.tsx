import { Page } from '../../components/layouts/page';
// the feature's files, not its index: the lesson view and its styles stay out of this page's download
import { getHubsQueryOptions, useHubs } from '../../features/content/api/get-hubs';
import { useProgress } from '../../features/content/api/get-progress';
import { HubCards } from '../../features/content/components/hub-cards';
import { RecentProgress } from '../../features/content/components/recent-progress';
import { queryClient } from '../../lib/query-client';
import { useUser } from '../../lib/session';

/** The cards render at once from the hub list in the contracts; the counts follow with the API's answer. */
export function loader() {
  void queryClient.prefetchQuery(getHubsQueryOptions());
  return null;
}

export default function LearnPolishRoute() {
  const user = useUser();
  const hubs = useHubs();
  const progress = useProgress({ enabled: Boolean(user) });
  return (
    <Page
      title="Learn Polish"
      lead="Choose a learning path: from your very first Polish sentences to stories about the history of Poland."
    >
      {progress.data ? <RecentProgress items={progress.data} /> : null}
      <HubCards hubs={hubs.data} />
    </Page>
  );
}
