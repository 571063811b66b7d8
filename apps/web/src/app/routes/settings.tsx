import { lazy, Suspense, useState } from 'react';
import { Page } from '../../components/layouts/page';
import { getSettingsQueryOptions } from '../../features/settings/api/get-settings';
import { AccountSettings } from '../../features/settings/components/account-settings';
import { queryClient } from '../../lib/query-client';
import { useT } from '../../lib/i18n/i18n';
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
  const t = useT();
  const user = useUser();
  return (
    <Page title={t('shell.nav.settings')} lead={t('settings.lead')}>
      {user ? <AccountSettings username={user.username} /> : <SignInPrompt />}
    </Page>
  );
}

/** Settings belong to an account: a visitor is asked to sign in, and sees the page once they have. */
function SignInPrompt() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className="settings-signin">
      <p>{t('settings.signIn')}</p>
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
