import { API_ROUTES, type TUserResponse } from '@polski/contracts';
import { ApiError, api } from '../../../lib/api-client';
import { session } from '../../../lib/session';
// the shape of ZUserResponseSchema, checked without zod: the app shell refreshes the user after start
import { toUserResponse, UnexpectedResponseError } from '../../../lib/startup-guards';
import { toast } from '../../../lib/toast';

/** The API's 401 messages (apps/api auth.middleware). Only the last one means "this session is over". */
export const NO_USER_LOGGED_IN = 'No user is logged in';
export const NO_USER_FOUND = 'No user found';
export const SESSION_ENDED = 'Your session has ended. Please log in again.';

export const PLEASE_LOG_IN = 'Please log in to your account';

/**
 * GET /api/payments/user-updated-roles?cacheBuster=<ms>: the signed-in user as the database sees it now (roles,
 * premium expiry, emailConfirmed, lang) with a fresh token. Its 401s never raise the central toast (spec §8).
 */
export async function getUpdatedUser(options: { signal?: AbortSignal } = {}): Promise<TUserResponse> {
  const body = await api.get<unknown>(API_ROUTES.payments.userUpdatedRoles(Date.now()), options);
  const user = toUserResponse(body);
  if (!user) throw new UnexpectedResponseError('signed-in user', body);
  return user;
}

export type TRefreshOutcome = 'updated' | 'ignored' | 'session-ended' | 'failed';

/**
 * Replaces the stored user with the server's current view of it (spec §4: 3 s after start; also after the email
 * is confirmed). 'No user is logged in' and 'No user found' are ignored silently, as the spec says; a session ended
 * by a password reset elsewhere is logged out with 'Please log in to your account'. A logout or another login while
 * the request was running wins: the answer is then dropped.
 */
export async function refreshStoredUser(options: { signal?: AbortSignal } = {}): Promise<TRefreshOutcome> {
  const before = session.get();
  if (!before) return 'ignored';
  const stillSame = () => session.get()?.token === before.token;
  try {
    const fresh = await getUpdatedUser(options);
    if (!stillSame()) return 'ignored';
    session.set(fresh);
    return 'updated';
  } catch (err) {
    if (options.signal?.aborted) return 'ignored';
    if (err instanceof ApiError && err.status === 401) {
      if (err.messages[0] === SESSION_ENDED && stillSame()) {
        session.clear();
        toast.info(PLEASE_LOG_IN);
        return 'session-ended';
      }
      return 'ignored';
    }
    // spec §8: start-up failures are logged
    console.error('Refreshing the signed-in user failed', err);
    return 'failed';
  }
}
