import { lazy, Suspense, useState } from 'react';
import { RegisterForm } from '../../features/auth';
import { getPaymentsConfigQueryOptions, PremiumPage } from '../../features/premium';
import { rich } from '../../lib/i18n/rich';
import { useT } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';

const AuthModal = lazy(() => import('../../features/auth/components/auth-modal'));

/** The offer decides the page's layout: asked for before the page renders. Never throws (the page shows errors). */
export async function loader() {
  await queryClient.prefetchQuery(getPaymentsConfigQueryOptions());
  return null;
}

/** /premium-member: the premium page of the active offer, with the account forms of the auth feature. */
export default function PremiumMemberRoute() {
  return (
    <PremiumPage
      renderRegisterForm={(onRegistered) => <RegisterForm variant="premium" onRegistered={onRegistered} />}
      signIn={<SignIn />}
    />
  );
}

function SignIn() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div>
      {rich(t('premium.haveAccount'), {
        0: (c) => (
          <button type="button" className="btn-link" onClick={() => setOpen(true)}>
            {c}
          </button>
        ),
      })}
      {open ? (
        <Suspense fallback={null}>
          <AuthModal open onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
