import type { TCheckoutSessionRequest, TCheckoutSessionResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/payments/create-checkout-session2: the hosted checkout of the one-time offer (variant B). A 409
 * already_premium is the caller's to show.
 */
export async function createOneTimeCheckout(
  body: TCheckoutSessionRequest,
): Promise<TCheckoutSessionResponse> {
  const [answer, { ZCheckoutSessionResponseSchema }] = await Promise.all([
    callApi('payments.createCheckoutSession2', { body }, { silentStatuses: [409] }),
    import('./schemas'),
  ]);
  return ZCheckoutSessionResponseSchema.parse(answer);
}
