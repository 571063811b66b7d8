import { lazy, Suspense, useState } from 'react';
import { Page } from '../../components/layouts/page';
import { getSettingsQueryOptions } from '../../features/settings/api/get-settings';
import { AccountSettings } from '../../features/settings/components/account-settings';
import { queryClient } from '../../lib/query-client';
import { session, useUser } from '../../lib/session';

const AuthModal = lazy(() => import('../../features/auth/components/auth-modal'));

/**
 * Starts the settings request with the page's own query options, so the page renders with its data. Never throws:
 * a failure (a revoked session, say) is shown by the page itself.
 */
export async function loader() {
  const user = session.get();
  if (user) await queryClient.prefetchQuery(getSettingsQueryOptions(user.username));
  return null;
}

export default function SettingsRoute() {
  const user = useUser();
  return (
    <Page title="Settings" lead="Your account, your native language and your membership.">
      {user ? <AccountSettings username={user.username} /> : <SignInPrompt />}
    </Page>
  );
}

/** Settings belong to an account: a visitor is asked to sign in, and sees the page once they have. */
function SignInPrompt() {
  const [open, setOpen] = useState(false);
  return (
    <div className="settings-signin">
      <p>Please log in to see and change your account settings.</p>
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
