import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaymentsConfigResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
// the shape of ZPaymentsConfigResponseSchema, checked without zod: the layout asks for this on every page
import { toPaymentsConfig, UnexpectedResponseError } from '../../../lib/startup-guards';

/**
 * GET /api/payments/config: the active premium offer and whether Stripe is emulated. The layout asks for it on every page (the test-mode marker), so its failures stay
 * silent: the premium page shows its own error, and the marker simply does not appear.
 */
export async function getPaymentsConfig(
  options: { signal?: AbortSignal } = {},
): Promise<TPaymentsConfigResponse> {
  const body: unknown = await callApi(
    'payments.config',
    {},
    {
      ...options,
      silentStatuses: [400, 401, 403, 404, 429, 500, 502, 503, 504],
    },
  );
  const config = toPaymentsConfig(body);
  if (!config) throw new UnexpectedResponseError('payments config', body);
  return config;
}

/** The configuration changes only with a new deployment: asked once per page load. */
export function getPaymentsConfigQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => getPaymentsConfig({ signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retryOnMount: false,
  });
}

export function usePaymentsConfig() {
  return useQuery(getPaymentsConfigQueryOptions());
}
