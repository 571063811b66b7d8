import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ZSelectedPricesResponseSchema, type TPriceEntryResponse } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/payments/get-selected-prices: the subscription offer's plans (variant A), one entry per price. */
export async function getSelectedPrices(
  options: { signal?: AbortSignal } = {},
): Promise<TPriceEntryResponse[]> {
  return ZSelectedPricesResponseSchema.parse(
    await api.get<unknown>(API_ROUTES.payments.selectedPrices, options),
  );
}

export function getSelectedPricesQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'prices', 'subscription'],
    queryFn: ({ signal }) => getSelectedPrices({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSelectedPrices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSelectedPricesQueryOptions(), enabled });
}
