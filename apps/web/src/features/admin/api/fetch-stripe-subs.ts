import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES } from '@polski/contracts';
import { api } from '../../../lib/api-client';

const ZWhoSchema = z.object({ username: z.string(), email: z.string() }).nullable();

/** The answer of GET /api/payments/fetch-stripe-subs (admin): Stripe's subscriptions and paid one-time checkouts. */
export const ZStripeOverviewResponseSchema = z.object({
  subscriptions: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      customer: z.string().nullable(),
      user: ZWhoSchema,
      priceId: z.string().nullable(),
      currency: z.string(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    }),
  ),
  payments: z.array(
    z.object({
      sessionId: z.string(),
      customer: z.string().nullable(),
      user: ZWhoSchema,
      plan: z.string().nullable(),
      /** Stripe's minor units. */
      amount: z.number().nullable(),
      currency: z.string(),
      status: z.string(),
      created: z.string(),
    }),
  ),
});
export type TStripeOverviewResponse = z.infer<typeof ZStripeOverviewResponseSchema>;

/** GET /api/payments/fetch-stripe-subs: asked for with a button, never cached. */
export async function fetchStripeSubs(): Promise<TStripeOverviewResponse> {
  return ZStripeOverviewResponseSchema.parse(await api.get<unknown>(API_ROUTES.payments.fetchStripeSubs));
}

export function useFetchStripeSubs() {
  return useMutation({ mutationFn: fetchStripeSubs });
}
