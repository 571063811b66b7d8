import { useMutation } from '@tanstack/react-query';
import { ZStripeOverviewResponseSchema, type TStripeOverviewResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';

export type { TStripeOverviewResponse };

/** GET /api/payments/fetch-stripe-subs (admin): asked for with a button, never cached. */
export async function fetchStripeSubs(): Promise<TStripeOverviewResponse> {
  return ZStripeOverviewResponseSchema.parse(await callApi('admin.fetchStripeSubs'));
}

export function useFetchStripeSubs() {
  return useMutation({ mutationFn: fetchStripeSubs });
}
