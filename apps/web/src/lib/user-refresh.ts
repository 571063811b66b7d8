import type { TUserResponse } from '@polski/contracts';
import { callApi, hasErrorCode } from './api-client';
import { session } from './session';
// the shape of ZUserResponseSchema, checked without zod: the app shell refreshes the user after start
import { toUserResponse, UnexpectedResponseError } from './startup-guards';
import { ensureCatalogue, t } from './i18n/i18n';
import { toast } from './toast';

/**
 * The one client of GET /api/payments/user-updated-roles, shared by the app shell (the refresh after start), the
 * email confirmation and the premium pages (after a payment): features may not import each other, so it lives here.
 */

/**
 * GET /api/payments/user-updated-roles?cacheBuster=<ms>: the signed-in user as the database sees it now (roles,
 * premium expiry, emailConfirmed, lang) with a fresh token. Its 401s never raise the central toast
 * (docs/product.md, "Errors the web app shows", in the api-client).
 */
export async function getUpdatedUser(options: { signal?: AbortSignal } = {}): Promise<TUserResponse> {
  const body: unknown = await callApi(
    'account.userUpdatedRoles',
    { query: { cacheBuster: String(Date.now()) } },
    options,
  );
  const user = toUserResponse(body);
  if (!user) throw new UnexpectedResponseError('signed-in user', body);
  return user;
}

export type TRefreshOutcome = 'updated' | 'ignored' | 'session-ended' | 'failed';

/**
 * Replaces the stored user with the server's current view of it (docs/product.md, "Session and start-up": 3 s
 * after start; also after the email is confirmed and after a payment). A 401 not_signed_in or user_not_found is
 * ignored silently; a session ended elsewhere (session_expired: a password reset, for one) signs out with 'Please
 * log in to your account'. Any other failure is logged and the stored user kept. A logout or another login while
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
    if (hasErrorCode(err, 'session_expired')) {
      if (!stillSame()) return 'ignored';
      session.clear();
      await ensureCatalogue();
      toast.info(t('session.pleaseLogIn'));
      return 'session-ended';
    }
    if (hasErrorCode(err, 'not_signed_in', 'user_not_found')) return 'ignored';
    // docs/product.md, "Errors the web app shows": start-up failures are logged
    console.error('Refreshing the signed-in user failed', err);
    return 'failed';
  }
}
