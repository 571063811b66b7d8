import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPriceEntryResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/payments/get-selected-prices: the subscription offer's plans (variant A), one entry per price. */
export async function getSubscriptionPrices(
  options: { signal?: AbortSignal } = {},
): Promise<TPriceEntryResponse[]> {
  const [answer, { ZSelectedPricesResponseSchema }] = await Promise.all([
    callApi('payments.selectedPrices', {}, options),
    import('./schemas'),
  ]);
  return ZSelectedPricesResponseSchema.parse(answer);
}

export function getSubscriptionPricesQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'prices', 'subscription'],
    queryFn: ({ signal }) => getSubscriptionPrices({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSubscriptionPrices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSubscriptionPricesQueryOptions(), enabled });
}
