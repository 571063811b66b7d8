import { ApiError, callApi } from './api-client';
import { session } from './session';
import { t } from './i18n/i18n';
import { toast } from './toast';

/**
 * Logout (docs/product.md, "Navigation bar" and "Sessions and tokens"): the stored user is removed at once, then
 * the server is asked to end the session with the token it had (POST /api/account/logout), so the token stops
 * working everywhere, not just here. When the server cannot be reached (or fails) the user is still signed out on
 * this device, and told that the session may live on there; a refusal (the session had ended already) is only
 * logged.
 */
export async function logout(): Promise<void> {
  const token = session.get()?.token;
  session.clear();
  if (!token) return;
  try {
    await callApi('account.logout', undefined, {
      headers: { Authorization: `Bearer ${token}` },
      silentStatuses: [0, 401, 403, 404, 429, 500, 502, 503],
    });
  } catch (err) {
    console.warn('Ending the session on the server failed; signed out on this device', err);
    // no answer, or a server failure: the session was not ended there (a 401 means it had ended already)
    if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) toast.info(t('shell.session.signedOutOffline')) // the token stays valid there until it expires;
  }
}
