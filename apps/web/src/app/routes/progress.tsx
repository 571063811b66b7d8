import { lazy, Suspense, useState } from 'react';
import { Page } from '../../components/layouts/page';
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
  return (
    <Page title="Your progress" lead="Your streak, your daily goal and what you have learnt so far.">
      {user ? <ProgressPage key={user.username} /> : <SignInPrompt />}
    </Page>
  );
}

/** Progress belongs to an account: a visitor is asked to sign in, and sees the page once they have. */
function SignInPrompt() {
  const [open, setOpen] = useState(false);
  return (
    <div className="progress-signin">
      <p>Please log in to see your progress.</p>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Log in or register
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AuthModal open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
