import type { TSaveSessionResponse, TUserResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/account/save-session with the stored user (docs/product.md, "Checkout"). The answer's `userId` is an
 * opaque, single-use handle (docs/product.md, "Sessions and tokens") that carries the signed-in user across the
 * redirect to the hosted checkout and back.
 */
export async function saveSession(user: TUserResponse): Promise<TSaveSessionResponse> {
  const [answer, { ZSaveSessionResponseSchema }] = await Promise.all([
    callApi('account.saveSession', { body: user }),
    import('./schemas'),
  ]);
  return ZSaveSessionResponseSchema.parse(answer);
}
