import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSelectedPrices2Response } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/payments/get-selected-prices2: the one-time offer's prices (variant B), by uppercase currency then id. */
export async function getOneTimePrices(
  options: { signal?: AbortSignal } = {},
): Promise<TSelectedPrices2Response> {
  const [answer, { ZSelectedPrices2ResponseSchema }] = await Promise.all([
    callApi('payments.selectedPrices2', {}, options),
    import('./schemas'),
  ]);
  return ZSelectedPrices2ResponseSchema.parse(answer);
}

export function getOneTimePricesQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'prices', 'one-time'],
    queryFn: ({ signal }) => getOneTimePrices({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useOneTimePrices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getOneTimePricesQueryOptions(), enabled });
}
