import { lazy, Suspense, useState } from 'react';
import { Page } from '../../components/layouts/page';
import { useT } from '../../lib/i18n/i18n';
import { getProgressHistoryQueryOptions } from '../../features/progress/api/get-progress-history';
import { getProgressSummaryQueryOptions } from '../../features/progress/api/get-progress-summary';
import { getLearningSettingsQueryOptions } from '../../features/progress/api/learning-settings';
import { ProgressPage } from '../../features/progress/components/progress-page';
import { queryClient } from '../../lib/query-client';
import { session, useUser } from '../../lib/session';

const AuthModal = lazy(() => import('../../features/auth/components/auth-modal'));

/** Starts the page's three requests with the queries' own options; a failure is shown by the page itself. */
export function loader() {
  if (session.get()) {
    void queryClient.prefetchQuery(getProgressSummaryQueryOptions());
    void queryClient.prefetchQuery(getProgressHistoryQueryOptions());
    void queryClient.prefetchQuery(getLearningSettingsQueryOptions());
  }
  return null;
}

export default function ProgressRoute() {
  const user = useUser();
  const t = useT();
  return (
    <Page title={t('progress.page.title')} lead={t('progress.page.lead')}>
      {user ? <ProgressPage key={user.username} /> : <SignInPrompt />}
    </Page>
  );
}

/** Progress belongs to an account: a visitor is asked to sign in, and sees the page once they have. */
function SignInPrompt() {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <div className="progress-signin">
      <p>{t('progress.page.signIn')}</p>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        {t('auth.dialog.title')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AuthModal open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
