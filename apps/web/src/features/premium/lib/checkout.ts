import { TIMERS, type TPremiumOffer, type TUserResponse } from '@polski/contracts';
import { session } from '../../../lib/session';
import { createOneTimeCheckout } from '../api/create-one-time-checkout';
import { createSubscriptionCheckout } from '../api/create-subscription-checkout';
import { saveSession } from '../api/save-session';

export type TNavigate = (url: string) => void;

/** Where the browser goes for the hosted checkout; a seam for tests. */
export const goTo: TNavigate = (url) => window.location.assign(url);

/** A checkout without a stored user is logged and goes no further (docs/product.md, "Checkout"). */
export class NoStoredUserError extends Error {
  override readonly name = 'NoStoredUserError';
  constructor() {
    super('Checkout needs a signed-in user, and none is stored');
  }
}

/**
 * Checkout (docs/product.md, "Checkout"): (1) the stored user is saved to the server, (2) a checkout session is
 * created with the price, the user's email and the returned handle, (3) the browser goes to the hosted checkout at
 * the session's url. Variant A uses create-checkout-session, variant B create-checkout-session2. `returnTo`: the
 * lesson to come back to after paying (return-to.ts), carried by the checkout's return address.
 */
export async function startCheckout(
  offer: TPremiumOffer,
  priceId: string,
  navigate: TNavigate = goTo,
  returnTo: string | null = null,
): Promise<void> {
  const user = session.get();
  if (!user) throw new NoStoredUserError();
  const { userId } = await saveSession(user);
  const create = offer === 'subscription' ? createSubscriptionCheckout : createOneTimeCheckout;
  const { url } = await create({ priceId, userEmail: user.email, userId, ...(returnTo ? { returnTo } : {}) });
  navigate(url);
}

/**
 * Payment start of the one-time offer (docs/product.md, "Checkout"): waits, checking every TIMERS.paymentPolling
 * ms, until a user is in local storage (a registration that just finished may still be storing it). Gives up after
 * `timeoutMs`.
 */
export function waitForStoredUser({
  intervalMs = TIMERS.paymentPolling,
  timeoutMs = 60_000,
  signal,
}: { intervalMs?: number; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<TUserResponse> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
      const user = session.get();
      if (user) return resolve(user);
      if (Date.now() - started >= timeoutMs) return reject(new NoStoredUserError());
      window.setTimeout(check, intervalMs);
    };
    check();
  });
}
