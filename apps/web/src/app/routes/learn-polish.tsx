import { Page } from '../../components/layouts/page';
import { useT } from '../../lib/i18n/i18n';
// the feature's files, not its index: the lesson view and its styles stay out of this page's download
import { getHubsQueryOptions, useHubs } from '../../features/content/api/get-hubs';
import { useProgress } from '../../features/content/api/get-progress';
import { HubCards } from '../../features/content/components/hub-cards';
import { RecentProgress } from '../../features/content/components/recent-progress';
import { useProgressSummary } from '../../features/progress/api/get-progress-summary';
import ContinueLesson from '../../features/progress/components/continue-lesson';
import { PathProgress } from '../../features/progress/components/path-progress';
import { queryClient } from '../../lib/query-client';
import { useUser } from '../../lib/session';

/** The cards render at once from the hub list in the contracts; the counts follow with the API's answer. */
export function loader() {
  void queryClient.prefetchQuery(getHubsQueryOptions());
  return null;
}

/**
 * /learn-polish. A signed-in learner also sees where to continue and each path's share of lessons completed
 * (docs/product.md, "Goals and progress").
 */
export default function LearnPolishRoute() {
  const user = useUser();
  const hubs = useHubs();
  const progress = useProgress({ enabled: Boolean(user) });
  const summary = useProgressSummary();
  const hubProgress = user ? summary.data?.hubs : undefined;
  const t = useT();
  return (
    <Page title={t('shell.nav.learnPolish')} lead={t('hubs.page.lead')}>
      {user ? <ContinueLesson /> : null}
      {progress.data ? <RecentProgress items={progress.data} /> : null}
      <HubCards
        hubs={hubs.data}
        renderProgress={
          hubProgress
            ? (id, title) => {
                const p = hubProgress.find((h) => h.id === id);
                return p ? <PathProgress progress={p} title={title} /> : null;
              }
            : undefined
        }
      />
    </Page>
  );
}
