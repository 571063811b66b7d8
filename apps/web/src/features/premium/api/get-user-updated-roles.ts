import { API_ROUTES, ZUserResponseSchema, type TUserResponse } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/**
 * GET /api/payments/user-updated-roles?cacheBuster=<ms>: the signed-in user as the database sees it now, with a
 * fresh token carrying the current roles. Its 401s are silent (spec §8, in the api-client).
 */
export async function getUserUpdatedRoles(options: { signal?: AbortSignal } = {}): Promise<TUserResponse> {
  return ZUserResponseSchema.parse(
    await api.get<unknown>(API_ROUTES.payments.userUpdatedRoles(Date.now()), options),
  );
}
