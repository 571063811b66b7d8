import { ZFulfilResponseSchema } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/** Not in API_ROUTES: decisions.md's "one idempotent fulfil", called by the return pages. */
export const FULFIL_ROUTE = '/payments/fulfil';

export type TFulfilStatus = 'fulfilled' | 'already' | 'not-paid';

/**
 * POST /api/payments/fulfil { sessionId }: applies a paid checkout at once, so the buyer is premium on return even
 * when Stripe's webhook is late. Idempotent. Failures are the caller's to log (the webhook still fulfils).
 */
export async function fulfil(sessionId: string): Promise<TFulfilStatus> {
  const body = await api.post<unknown>(
    FULFIL_ROUTE,
    { sessionId },
    { silentStatuses: [400, 401, 403, 404, 409] },
  );
  return ZFulfilResponseSchema.parse(body).status;
}
