import {
  API_ROUTES,
  ZCheckoutSessionResponseSchema,
  type TCheckoutSessionRequest,
  type TCheckoutSessionResponse,
} from '@polski/contracts';
import { api } from '../../../lib/api-client';

/** POST /api/payments/create-checkout-session2 (variant B, one-time payment). A 409 is the caller's to show. */
export async function createCheckoutSession2(
  body: TCheckoutSessionRequest,
): Promise<TCheckoutSessionResponse> {
  return ZCheckoutSessionResponseSchema.parse(
    await api.post<unknown>(API_ROUTES.payments.createCheckoutSession2, body, { silentStatuses: [409] }),
  );
}
