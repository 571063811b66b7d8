import { ZUserResponseSchema, type TUserResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * GET /api/account/get-session/{userId}: the user saved before the redirect to checkout. The handle is single use,
 * so a reload of the return page answers 404 saved_session_not_found: docs/product.md, "Return from checkout" has
 * that failure logged (by the caller) and the page loading anyway, without the central 'Something went wrong'.
 */
export async function getSession(handle: string): Promise<TUserResponse> {
  return ZUserResponseSchema.parse(
    await callApi('account.getSession', { params: { userId: handle } }, { silentStatuses: [404] }),
  );
}
