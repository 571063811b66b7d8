import { isPremiumRole, type TUserResponse } from '@polski/contracts';
import { hasErrorCode } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { t } from '../../../lib/i18n/i18n';
import { fulfil } from '../api/fulfil';
import { getSession } from '../api/get-session';

/** The query of a return from the hosted checkout: ?from=stripe&userId=<handle>&session_id=<cs_...>. */
export interface TStripeReturn {
  handle: string;
  checkoutSessionId: string | null;
}

export function stripeReturnOf(search: URLSearchParams): TStripeReturn | null {
  const handle = search.get('userId');
  if (search.get('from') !== 'stripe' || !handle) return null;
  return { handle, checkoutSessionId: search.get('session_id') };
}

/**
 * What the page says when the return link's handle belongs to another account than the signed-in one (login CSRF:
 * somebody else's checkout link opened in this browser). The signed-in user stays.
 */
export function otherAccountNote(username: string): string {
  return t('premium.otherAccount', { username });
}

/** How a return ended: `other-account` when the handle was refused as another account's (nothing changed). */
export type TStripeReturnOutcome = 'done' | 'other-account';

// The saved session is single use: one request per handle, shared by every caller (React's StrictMode runs effects
// twice in development, and the success page and its retries ask again).
const returns = new Map<string, Promise<TStripeReturnOutcome>>();

/**
 * Return from the provider (docs/product.md, "Return from checkout"): the saved session is fetched and stored as
 * the current user, then the paid checkout is fulfilled at once so premium does not wait for the webhook. The
 * handle is sent with the signed-in user's token, if any, and the server decides: a handle of another account is
 * refused (403 session_other_account), and then nothing changes here, neither the stored user nor its token, and
 * nothing is fulfilled (`other-account`: the page says so). A stored session that has ended (session_expired) is
 * removed, as the start-up refresh would. Other failures are logged and the page still loads (docs/product.md,
 * "Feature messages"): a handle already used (saved_session_not_found: the return page reloaded) and a checkout of
 * another account (checkout_not_found) are expected and only noted; anything else is an error.
 */
export function completeStripeReturn({
  handle,
  checkoutSessionId,
}: TStripeReturn): Promise<TStripeReturnOutcome> {
  const key = `${handle} ${checkoutSessionId ?? ''}`;
  let pending = returns.get(key);
  if (!pending) {
    pending = (async (): Promise<TStripeReturnOutcome> => {
      try {
        session.set(await getSession(handle));
      } catch (err) {
        if (hasErrorCode(err, 'session_other_account')) {
          console.warn('The checkout link belongs to another account; the signed-in user stays', err);
          return 'other-account';
        }
        if (hasErrorCode(err, 'saved_session_not_found')) {
          console.warn('The saved session was already used or has expired; the stored user stays', err);
        } else if (hasErrorCode(err, 'session_expired')) {
          console.warn('The stored session has ended; signed out', err);
          session.clear();
          toast.info(t('session.pleaseLogIn'));
        } else console.error('Loading the saved session after checkout failed', err);
      }
      if (!checkoutSessionId || !session.get()) return 'done';
      try {
        await fulfil(checkoutSessionId);
      } catch (err) {
        if (hasErrorCode(err, 'checkout_not_found')) {
          console.warn('The checkout is not one of the signed-in account; nothing to confirm', err);
        } else console.error('Confirming the checkout failed; the payment provider will confirm it', err);
      }
      return 'done';
    })();
    returns.set(key, pending);
  }
  return pending;
}

export const hasPremium = (user: TUserResponse | null | undefined): boolean =>
  Boolean(user && isPremiumRole(user.roles));
