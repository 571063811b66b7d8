import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSelectedPricesResponseSchema, type TPriceEntryResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * GET /api/payments/get-selected-prices: the subscription plans, only to name the plan and amount of a subscription
 * in the admin table (the overview carries the price id). A failure just leaves the id shown.
 */
export async function getPrices(options: { signal?: AbortSignal } = {}): Promise<TPriceEntryResponse[]> {
  return ZSelectedPricesResponseSchema.parse(
    await callApi('payments.selectedPrices', {}, { ...options, silentStatuses: [400, 404, 500, 502, 503] }),
  );
}

export function getAdminPricesQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'prices'],
    queryFn: ({ signal }) => getPrices({ signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useAdminPrices() {
  return useQuery(getAdminPricesQueryOptions());
}
