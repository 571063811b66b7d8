import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { session, useUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { usePageMeta } from '../../../lib/use-page-meta';
import { refreshStoredUser } from '../../../lib/user-refresh';
import { usePaymentsConfig } from '../api/get-payments-config';
import type { TNavigate } from '../lib/checkout';
import {
  completeStripeReturn,
  otherAccountNote,
  stripeReturnOf,
  hasPremium,
  type TStripeReturn,
} from '../lib/stripe-return';
import { returnToOf } from '../lib/return-to';
import { OneTimeOffer } from './one-time-offer';
import { SubscriptionOffer } from './subscription-offer';
import './premium.css';
import { useAudioSource } from '../../content/api/use-audio-claims';
import { t as translate, useT } from '../../../lib/i18n/i18n';

export interface TPremiumPageProps {
  /** The register form in its premium variant ('Proceed to Payment'); `onRegistered` once it completes. */
  renderRegisterForm: (onRegistered: () => void) => ReactNode;
  /** How a visitor who already has an account signs in instead. */
  signIn?: ReactNode;
  /** Where the browser goes for the hosted checkout; replaced in tests. */
  navigate?: TNavigate;
}

/**
 * /premium-member (docs/product.md, "Premium page"): a loading state first, then the layout of the active offer
 * (GET /api/payments/config): variant A, the subscription, or variant B, the one-time payment. A return from the
 * hosted checkout (?from=stripe&userId=&session_id=) is completed before the page shows; ?canceled=1 gets a calm
 * note.
 */
export function PremiumPage({ renderRegisterForm, signIn, navigate }: TPremiumPageProps) {
  const t = useT();
  const audio = useAudioSource() ?? 'unknown';
  const title = t('premium.title');
  usePageMeta(title, t('premium.metaDescription', { audio }));
  const config = usePaymentsConfig();
  const [search] = useSearchParams();
  const { returning, otherAccount } = useReturnFromCheckout(stripeReturnOf(search), returnToOf(search));
  const canceled = search.get('canceled') === '1';
  const user = useUser();

  if (config.isPending || returning) {
    return (
      <div className="page container premium-page">
        <h1>{title}</h1>
        <p className="premium-loading" role="status">
          <span className="spinner" aria-hidden="true" /> {t('shell.loading')}
        </p>
      </div>
    );
  }
  if (config.isError) {
    return (
      <div className="page container premium-page">
        <h1>{title}</h1>
        <div className="premium-note" role="alert">
          <p>{t('premium.loadFailed')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void config.refetch()}>
            {t('premium.tryAgain')}
          </button>
        </div>
      </div>
    );
  }

  const notice =
    canceled || otherAccount ? (
      <>
        {otherAccount ? (
          <p className="premium-canceled" role="alert">
            {otherAccountNote(user?.username ?? '')}
          </p>
        ) : null}
        {canceled ? (
          <p className="premium-canceled" role="status">
            {t('premium.canceled')}
          </p>
        ) : null}
      </>
    ) : null;
  const props = { renderRegisterForm, signIn, navigate, notice };
  return (
    <div
      className={`page container premium-page premium-${config.data.offer}`}
      data-offer={config.data.offer}
    >
      {config.data.offer === 'subscription' ? <SubscriptionOffer {...props} /> : <OneTimeOffer {...props} />}
    </div>
  );
}

/**
 * Return from the provider, subscription offer (docs/product.md, "Return from checkout"): the saved session is
 * loaded and stored as the current user, the checkout fulfilled, then the roles refreshed (user-updated-roles) and
 * stored; then the page shows. Failures are logged and the page still loads (product.md, Errors the web app
 * shows). A handle of another account than the signed-in one changes nothing, not even the stored token (no
 * refresh), and the page says so (`otherAccount`). Afterwards the return parameters leave the address bar, so a
 * reload does not ask for the single-use session again. `returning` while under way. A buyer who is premium now
 * gets the spec's toast 'You subscribed to Premium Membership' and, if they came from a lesson (`returnTo`, a lesson
 * path of this site), goes back to it.
 */
function useReturnFromCheckout(
  initial: TStripeReturn | null,
  initialReturnTo: string | null,
): { returning: boolean; otherAccount: boolean } {
  // only the address the page was opened with counts; later changes of the query are the page's own
  const [ret] = useState(initial);
  const [returnTo] = useState(initialReturnTo);
  const goTo = useNavigate();
  const [done, setDone] = useState(ret === null);
  const [otherAccount, setOtherAccount] = useState(false);
  const [, setSearch] = useSearchParams();
  useEffect(() => {
    if (!ret) return;
    let live = true;
    void (async () => {
      const outcome = await completeStripeReturn(ret);
      // never throws: a failure is logged and the stored user kept
      if (outcome === 'done') await refreshStoredUser();
      if (!live) return;
      if (outcome === 'done' && hasPremium(session.get())) {
        toast.success(translate('premium.success.toast'));
        if (returnTo) {
          goTo(returnTo, { replace: true });
          return;
        }
      }
      setOtherAccount(outcome === 'other-account');
      setDone(true);
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const k of ['from', 'userId', 'session_id', 'returnTo']) next.delete(k);
          return next;
        },
        { replace: true },
      );
    })();
    return () => {
      live = false;
    };
  }, [ret, returnTo, goTo, setSearch]);
  return { returning: !done, otherAccount };
}
