import { API_ROUTES, ZUserResponseSchema, type TUserResponse } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/**
 * GET /api/account/get-session/{userId}: the user saved before the redirect to checkout. The handle is single use,
 * so a reload of the return page answers 404: spec §8 has that failure logged (by the caller) and the page loading
 * anyway, without the central 'Something went wrong'.
 */
export async function getSession(handle: string): Promise<TUserResponse> {
  return ZUserResponseSchema.parse(
    await api.get<unknown>(API_ROUTES.account.getSession(handle), { silentStatuses: [404] }),
  );
}
