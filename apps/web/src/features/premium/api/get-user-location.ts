import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * GET /api/payments/get-user-location: the visitor's country. A location failure falls back to USD
 * (docs/product.md, "Currency detection"), so a failure is logged and answers null (no country) instead of failing
 * the page.
 */
export async function getUserLocation(options: { signal?: AbortSignal } = {}): Promise<string | null> {
  try {
    const [answer, { ZLocationResponseSchema }] = await Promise.all([
      callApi('payments.userLocation', {}, options),
      import('./schemas'),
    ]);
    return ZLocationResponseSchema.parse(answer).countryCode;
  } catch (err) {
    if (options.signal?.aborted) throw err;
    console.error('Detecting the location failed; prices are shown in USD', err);
    return null;
  }
}

export function getUserLocationQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'location'],
    queryFn: ({ signal }) => getUserLocation({ signal }),
    staleTime: 60 * 60_000,
  });
}

export function useUserLocation() {
  return useQuery(getUserLocationQueryOptions());
}
