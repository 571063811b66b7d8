import { isPremiumRole, type TUserResponse } from '@polski/contracts';
import { session } from '../../../lib/session';
import { fulfil } from '../api/fulfil';
import { getSession } from '../api/get-session';
import { getUserUpdatedRoles } from '../api/get-user-updated-roles';

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

// The saved session is single use: one request per handle, shared by every caller (React's StrictMode runs effects
// twice in development, and the success page and its retries ask again).
const returns = new Map<string, Promise<void>>();

/**
 * Spec §4 return from the provider: the saved session is fetched and stored as the current user, then
 * (decisions.md) the paid checkout is fulfilled at once so premium does not wait for the webhook. Failures are
 * logged and the page still loads (spec §8).
 */
export function completeStripeReturn({ handle, checkoutSessionId }: TStripeReturn): Promise<void> {
  const key = `${handle} ${checkoutSessionId ?? ''}`;
  let pending = returns.get(key);
  if (!pending) {
    pending = (async () => {
      try {
        session.set(await getSession(handle));
      } catch (err) {
        console.error('Loading the saved session after checkout failed', err);
      }
      if (!checkoutSessionId || !session.get()) return;
      try {
        await fulfil(checkoutSessionId);
      } catch (err) {
        console.error('Confirming the checkout failed; the payment provider will confirm it', err);
      }
    })();
    returns.set(key, pending);
  }
  return pending;
}

/** Replaces the stored user with the server's current view (fresh token, roles from the database). */
export async function refreshUser(options: { signal?: AbortSignal } = {}): Promise<TUserResponse | null> {
  const before = session.get();
  if (!before) return null;
  const fresh = await getUserUpdatedRoles(options);
  // a logout or another login while the request ran wins
  if (session.get()?.token !== before.token) return session.get();
  session.set(fresh);
  return fresh;
}

export const hasPremium = (user: TUserResponse | null | undefined): boolean =>
  Boolean(user && isPremiumRole(user.roles));
