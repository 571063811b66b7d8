import type { TCheckoutSessionRequest, TCheckoutSessionResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/payments/create-checkout-session: the hosted checkout of the subscription offer (variant A). A 409
 * already_premium is the caller's to show: it stays out of the central 'Something went wrong'.
 */
export async function createSubscriptionCheckout(
  body: TCheckoutSessionRequest,
): Promise<TCheckoutSessionResponse> {
  const [answer, { ZCheckoutSessionResponseSchema }] = await Promise.all([
    callApi('payments.createCheckoutSession', { body }, { silentStatuses: [409] }),
    import('./schemas'),
  ]);
  return ZCheckoutSessionResponseSchema.parse(answer);
}
