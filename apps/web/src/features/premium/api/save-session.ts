import { ZSaveSessionResponseSchema, type TSaveSessionResponse, type TUserResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * POST /api/account/save-session with the stored user (docs/product.md, "Checkout"). The answer's `userId` is an
 * opaque, single-use handle (docs/product.md, "Sessions and tokens") that carries the signed-in user across the
 * redirect to the hosted checkout and back.
 */
export async function saveSession(user: TUserResponse): Promise<TSaveSessionResponse> {
  return ZSaveSessionResponseSchema.parse(await callApi('account.saveSession', { body: user }));
}
