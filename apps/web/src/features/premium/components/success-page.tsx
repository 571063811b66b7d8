import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isPremiumRole } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { session, useUser } from '../../../lib/session';
import { t as translate, useT } from '../../../lib/i18n/i18n';
import { rich } from '../../../lib/i18n/rich';
import { toast } from '../../../lib/toast';
import { usePageMeta } from '../../../lib/use-page-meta';
import { getUpdatedUser } from '../../../lib/user-refresh';
import { completeStripeReturn, otherAccountNote, stripeReturnOf } from '../lib/stripe-return';
import { afterPaymentHref, returnToOf } from '../lib/return-to';
import './premium.css';

/** docs/product.md, "Return from checkout": poll for the upgraded user; nobody is logged out. */
export const SUCCESS_POLL_INTERVAL_MS = 1500;
export const SUCCESS_POLL_TIMEOUT_MS = 30_000;

type TPhase = 'waiting' | 'not-confirmed' | 'signed-out' | 'other-account';

export interface TSuccessPageProps {
  pollIntervalMs?: number;
  pollTimeoutMs?: number;
}

/**
 * /success (docs/product.md, "Success page", and "Return from checkout"): 'Welcome! You are now a Premium Member'
 * and 'Please wait...'. Back from the hosted checkout (?from=stripe&userId=&session_id=) the saved session is
 * stored as the current user and the checkout is fulfilled; then the page asks for the user's current roles every
 * second or two until PremiumMember is there: a success toast, the stored user updated, and back to the lesson the
 * buyer was trying to open (`returnTo`, a lesson path of this site), else /learn-polish. Only the one-time offer
 * returns here, and a one-time purchase is no subscription: the toast says 'Thank you! Your Premium Membership is
 * active.' (the subscription's return, on /premium-member, keeps the spec's 'You subscribed to Premium Membership'). If it does not come within about 30 s the page says so and links to the settings; nobody is
 * logged out. A return link of another account than the signed-in one leaves the signed-in user as it is and says
 * that the link belongs to another account.
 */
export function SuccessPage({
  pollIntervalMs = SUCCESS_POLL_INTERVAL_MS,
  pollTimeoutMs = SUCCESS_POLL_TIMEOUT_MS,
}: TSuccessPageProps) {
  const t = useT();
  usePageMeta(t('premium.success.title'), undefined);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [ret] = useState(() => stripeReturnOf(search));
  const [returnTo] = useState(() => returnToOf(search));
  const [phase, setPhase] = useState<TPhase>('waiting');
  const [attempt, setAttempt] = useState(0);
  const user = useUser();

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      const outcome = ret ? await completeStripeReturn(ret) : 'done';
      if (signal.aborted) return;
      // another account's link: the signed-in user stays as it was, token included, so nothing is asked for it
      if (outcome === 'other-account') {
        setPhase('other-account');
        return;
      }
      if (!session.get()) {
        setPhase('signed-out');
        return;
      }
      const deadline = Date.now() + pollTimeoutMs;
      for (;;) {
        try {
          const fresh = await getUpdatedUser({ signal });
          if (signal.aborted) return;
          if (isPremiumRole(fresh.roles)) {
            session.set(fresh);
            toast.success(translate('paywall.success.toastOneTime'));
            navigate(afterPaymentHref(returnTo), { replace: true });
            return;
          }
        } catch (err) {
          if (signal.aborted) return;
          console.warn('Checking the membership failed; trying again', err);
        }
        if (Date.now() + pollIntervalMs > deadline) {
          setPhase('not-confirmed');
          return;
        }
        await sleep(pollIntervalMs, signal);
        if (signal.aborted) return;
      }
    })();
    return () => controller.abort();
  }, [ret, returnTo, attempt, navigate, pollIntervalMs, pollTimeoutMs]);

  return (
    <div className="page container premium-success">
      <div className="success-card">
        <div className={`success-badge${phase === 'waiting' ? '' : ' is-pending'}`} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
            {phase === 'waiting' ? (
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            ) : (
              <path
                d="M12 7v5l3 2M12 21a9 9 0 1 1 0-18 9 9 0 0 1 0 18z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            )}
          </svg>
        </div>
        <h1>{t('premium.success.title')}</h1>
        {phase === 'waiting' ? (
          <p className="lead success-wait" role="status">
            <span className="spinner" aria-hidden="true" /> {t('premium.success.wait')}
          </p>
        ) : null}
        {phase === 'not-confirmed' ? (
          <div className="success-pending" role="alert">
            <p>{rich(t('premium.success.notConfirmed'), { 0: (c) => <strong>{c}</strong> })}</p>
            <div className="success-actions">
              <Link to={paths.settings.getHref()} className="btn btn-primary">
                {t('premium.success.goToSettings')}
              </Link>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setPhase('waiting');
                  setAttempt((a) => a + 1);
                }}
              >
                {t('premium.success.checkAgain')}
              </button>
            </div>
          </div>
        ) : null}
        {phase === 'other-account' ? (
          <div className="success-pending" role="alert">
            <p>{otherAccountNote(user?.username ?? '')}</p>
            <Link to={paths.settings.getHref()} className="btn btn-primary">
              {t('premium.success.goToSettings')}
            </Link>
          </div>
        ) : null}
        {phase === 'signed-out' ? (
          <div className="success-pending" role="status">
            <p>{t('premium.success.signedOut')}</p>
            <Link to={paths.settings.getHref()} className="btn btn-primary">
              {t('premium.success.goToSettings')}
            </Link>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
