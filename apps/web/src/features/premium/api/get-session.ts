import type { TUserResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * GET /api/account/get-session/{userId}: the user saved before the redirect to checkout, sent with the signed-in
 * user's token when there is one. The handle is single use, so a reload of the return page answers 404
 * saved_session_not_found; a handle of another account than the signed-in one answers 403 session_other_account;
 * an ended stored session 401 session_expired. docs/product.md, "Return from checkout" has the caller handle them
 * and the page load anyway, without the central toasts.
 */
export async function getSession(handle: string): Promise<TUserResponse> {
  const [answer, { ZUserResponseSchema }] = await Promise.all([
    callApi('account.getSession', { params: { userId: handle } }, { silentStatuses: [401, 403, 404] }),
    import('./schemas'),
  ]);
  return ZUserResponseSchema.parse(answer);
}
