import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSettingsResponseSchema, type TSettingsResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/account/settings: the signed-in user's settings, read from the database (not from the token). */
export async function getSettings(options: { signal?: AbortSignal } = {}): Promise<TSettingsResponse> {
  return ZSettingsResponseSchema.parse(await callApi('account.settings', {}, options));
}

/**
 * Keyed by the signed-in username, so one person's settings are never shown to the next person who signs in on
 * the same browser. `retryOnMount: false`: when the route loader's prefetch failed, the page shows that error
 * instead of asking (and toasting) a second time.
 */
export function getSettingsQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['account', 'settings', username],
    queryFn: ({ signal }) => getSettings({ signal }),
    retryOnMount: false,
  });
}

export function useSettings(username: string) {
  return useQuery(getSettingsQueryOptions(username));
}
