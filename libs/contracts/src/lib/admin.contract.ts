import { z } from 'zod';
import { defineContract, json } from './contract';
import { ROUTES } from './routes';

const ZWhoSchema = z.object({ username: z.string(), email: z.string() }).nullable();

/** GET /api/payments/fetch-stripe-subs: Stripe's subscriptions and paid one-time checkouts, with their users. */
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

/** POST /api/payments/sync-roles: how many customers were checked and what changed. */
export const ZSyncRolesResponseSchema = z.object({
  checked: z.number().int(),
  changed: z.number().int(),
  changes: z.array(
    z.object({
      username: z.string(),
      email: z.string(),
      before: z.boolean(),
      after: z.boolean(),
      premiumUntil: z.string().nullable(),
      premiumLifetime: z.boolean(),
    }),
  ),
});
export type TSyncRolesResponse = z.infer<typeof ZSyncRolesResponseSchema>;

/** Administrators' tools: reconciling payments with Stripe. */
export const adminContract = defineContract(ROUTES.admin, {
  fetchStripeSubs: {
    summary: "Stripe's subscriptions and paid one-time checkouts, with the users they belong to",
    auth: 'admin',
    responses: { 200: json(ZStripeOverviewResponseSchema) },
  },
  syncRoles: {
    summary: "Reconcile every customer's premium access with Stripe",
    auth: 'admin',
    responses: { 200: json(ZSyncRolesResponseSchema) },
  },
});
