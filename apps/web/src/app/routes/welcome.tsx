import { Navigate } from 'react-router';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
import { getLearningSettingsQueryOptions } from '../../features/progress/api/learning-settings';
import { WelcomePage } from '../../features/onboarding/components/welcome-page';
import { useT } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { session, useUser } from '../../lib/session';

/** The learner's settings (the goal is saved over them) start loading with the page's code. */
export function loader() {
  if (session.get()) void queryClient.prefetchQuery(getLearningSettingsQueryOptions());
  return null;
}

/** /welcome: the optional first steps after sign-up; a visitor has nothing to set up and goes to the paths. */
export default function WelcomeRoute() {
  const user = useUser();
  const t = useT();
  if (!user) return <Navigate to={paths.learnPolish.getHref()} replace />;
  return (
    <Page title={t('onboarding.title')} lead={t('onboarding.lead', { username: user.username })}>
      <WelcomePage />
    </Page>
  );
}
