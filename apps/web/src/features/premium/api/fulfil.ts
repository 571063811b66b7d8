import { callApi } from '../../../lib/api-client';

export type TFulfilStatus = 'fulfilled' | 'already' | 'not-paid';

/**
 * POST /api/payments/fulfil { sessionId } (the one idempotent fulfilment of docs/product.md, "Payments", called by
 * the return pages): applies a paid checkout at once, so the buyer is premium on return even when Stripe's webhook
 * is late. Failures (checkout_not_found, ...) are the caller's to log: the webhook still fulfils.
 */
export async function fulfil(sessionId: string): Promise<TFulfilStatus> {
  const [body, { ZFulfilResponseSchema }] = await Promise.all([
    callApi('payments.fulfil', { body: { sessionId } }, { silentStatuses: [400, 401, 403, 404, 409] }),
    import('./schemas'),
  ]);
  return ZFulfilResponseSchema.parse(body).status;
}
