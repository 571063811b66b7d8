import {
  API_ROUTES,
  ZCheckoutSessionResponseSchema,
  type TCheckoutSessionRequest,
  type TCheckoutSessionResponse,
} from '@polski/contracts';
import { api } from '../../../lib/api-client';

/**
 * POST /api/payments/create-checkout-session (variant A, subscription). A 409 ('You already have an active Premium
 * membership.') is the caller's to show: it stays out of the central 'Something went wrong'.
 */
export async function createCheckoutSession(
  body: TCheckoutSessionRequest,
): Promise<TCheckoutSessionResponse> {
  return ZCheckoutSessionResponseSchema.parse(
    await api.post<unknown>(API_ROUTES.payments.createCheckoutSession, body, { silentStatuses: [409] }),
  );
}
