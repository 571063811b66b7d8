import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMERS, type TPremiumOffer } from '@polski/contracts';
import { hasErrorCode } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { goTo, NoStoredUserError, startCheckout, waitForStoredUser, type TNavigate } from './checkout';
import { useReturnTo } from './return-to';

export interface TCheckoutState {
  /** The price whose checkout is being prepared, or null. */
  pendingPriceId: string | null;
  start: (priceId: string) => Promise<void>;
}

/**
 * Starts a checkout of the offer and reports its state. The one-time offer waits for the stored user first
 * (docs/product.md, "Checkout"). After the browser was sent to the hosted checkout, the busy state ends
 * TIMERS.paymentOverlayHide later (in case the page stays, e.g. restored with the Back button); a failure ends it
 * at once and is logged. A 409 (already premium) shows the API's message.
 */
export function useCheckout(offer: TPremiumOffer, navigate: TNavigate = goTo): TCheckoutState {
  const [pendingPriceId, setPendingPriceId] = useState<string | null>(null);
  const busy = useRef(false);
  const hideTimer = useRef<number | undefined>(undefined);
  // the lesson the buyer was trying to open (?returnTo= on the premium page), to come back to after paying
  const returnTo = useReturnTo();
  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  const start = useCallback(
    async (priceId: string) => {
      if (busy.current) return;
      busy.current = true;
      setPendingPriceId(priceId);
      const done = () => {
        busy.current = false;
        setPendingPriceId(null);
      };
      try {
        if (offer === 'one-time') await waitForStoredUser();
        await startCheckout(offer, priceId, navigate, returnTo);
        window.clearTimeout(hideTimer.current);
        hideTimer.current = window.setTimeout(done, TIMERS.paymentOverlayHide);
      } catch (err) {
        done();
        reportCheckoutFailure(err);
      }
    },
    [offer, navigate, returnTo],
  );

  return { pendingPriceId, start };
}

function reportCheckoutFailure(err: unknown) {
  if (err instanceof NoStoredUserError) {
    console.error(err.message);
    return;
  }
  console.error('Starting the payment failed', err);
  if (hasErrorCode(err, 'already_premium')) toast.error(err.message);
}
