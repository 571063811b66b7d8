import { useMutation } from '@tanstack/react-query';
import { ZMessageResponseSchema } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * POST /api/account/logout-everywhere (signed in): the server ends every session of the account (docs/product.md,
 * "Sessions and tokens"); only then is the stored user removed here. A failure keeps the user signed in: the
 * settings page says the sessions were not ended.
 */
export async function logoutEverywhere(): Promise<{ message: string }> {
  const answer = ZMessageResponseSchema.parse(
    await callApi('account.logoutEverywhere', undefined, { silentStatuses: [0, 401, 429, 500, 502, 503] }),
  );
  session.clear();
  return answer;
}

export function useLogoutEverywhere() {
  return useMutation({ mutationFn: logoutEverywhere });
}
