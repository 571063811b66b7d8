import { ApiError, callApi } from './api-client';
import { ensureCatalogue, t } from './i18n/i18n';
import { toast } from './toast';

/**
 * The server's half of a logout (lib/logout.ts), loaded on the first logout: POST /api/account/logout with the token
 * the device had. When the server cannot be reached (or fails) the learner is told that the session may live on
 * there; a refusal (the session had ended already) is only logged.
 */
export async function endSession(token: string): Promise<void> {
  try {
    await callApi('account.logout', undefined, {
      headers: { Authorization: `Bearer ${token}` },
      silentStatuses: [0, 401, 403, 404, 429, 500, 502, 503],
    });
  } catch (err) {
    console.warn('Ending the session on the server failed; signed out on this device', err);
    // no answer, or a server failure: the session was not ended there (a 401 means it had ended already)
    if (!(err instanceof ApiError) || err.status === 0 || err.status >= 500) {
      await ensureCatalogue();
      toast.info(t('session.signedOutOffline')); // the token stays valid there until it expires
    }
  }
}
