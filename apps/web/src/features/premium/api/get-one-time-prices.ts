import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ZSelectedPrices2ResponseSchema, type TSelectedPrices2Response } from '@polski/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/payments/get-selected-prices2: the one-time offer's prices (variant B), by uppercase currency then id. */
export async function getSelectedPrices2(
  options: { signal?: AbortSignal } = {},
): Promise<TSelectedPrices2Response> {
  return ZSelectedPrices2ResponseSchema.parse(
    await api.get<unknown>(API_ROUTES.payments.selectedPrices2, options),
  );
}

export function getSelectedPrices2QueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'prices', 'one-time'],
    queryFn: ({ signal }) => getSelectedPrices2({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSelectedPrices2({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSelectedPrices2QueryOptions(), enabled });
}
