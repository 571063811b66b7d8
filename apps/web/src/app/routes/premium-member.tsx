import { lazy, Suspense, useState } from 'react';
import { getPaymentsConfigQueryOptions, PremiumPage } from '../../features/premium';
import { rich } from '../../lib/i18n/rich';
import { useT } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query-client';

const AuthModal = lazy(() => import('../../features/auth/components/auth-modal'));
// the form (with the contracts' validation, zod) loads beside the page, not before it: the page's first paint does not
// wait for it (docs/performance.md, "Lighthouse, 2026-11-27 evening")
const RegisterForm = lazy(() =>
  import('../../features/auth/components/register-form').then((m) => ({ default: m.RegisterForm })),
);

/** The offer decides the page's layout: asked for before the page renders. Never throws (the page shows errors). */
export async function loader() {
  await queryClient.prefetchQuery(getPaymentsConfigQueryOptions());
  return null;
}

/** /premium-member: the premium page of the active offer, with the account forms of the auth feature. */
export default function PremiumMemberRoute() {
  return (
    <PremiumPage
      renderRegisterForm={(onRegistered) => (
        <Suspense fallback={<div className="register-form-pending" />}>
          <RegisterForm variant="premium" onRegistered={onRegistered} />
        </Suspense>
      )}
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
