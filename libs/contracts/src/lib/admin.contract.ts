import { z } from 'zod';
import { defineContract, json } from './contract';
import { ROUTES } from './routes';

const ZWhoSchema = z.object({ username: z.string(), email: z.string() }).nullable();

/**
 * What the payments module refused, undid or decided about a payment (docs/payments.md, "Incidents"):
 * - `unverified_checkout`: a paid checkout session the API did not create, naming a user, whose line item is not a
 *   price of the active offer at its amount and currency (or one it created, charged at another amount): nothing
 *   granted;
 * - `unverified_subscription`: the same for a subscription;
 * - `duplicate_payment`: a one-time purchase paid while the access it would give was already active: refunded;
 * - `superseded_payment`: a yearly purchase made redundant by a lifetime one bought within 14 days: refunded;
 * - `duplicate_subscription`: a second active subscription: cancelled, its payment refunded;
 * - `refund`: a refund of a one-time purchase: access kept (under half the amount) or ended (half or more);
 * - `invoice_refund`: a refund of a subscription invoice: kept, or the period it paid for ended.
 */
export const PAYMENT_INCIDENT_KINDS = [
  'unverified_checkout',
  'unverified_subscription',
  'duplicate_payment',
  'superseded_payment',
  'duplicate_subscription',
  'refund',
  'invoice_refund',
] as const;
export const PAYMENT_INCIDENT_OUTCOMES = [
  'granted_nothing',
  'refunded',
  'cancelled',
  'access_kept',
  'access_ended',
  'period_ended',
] as const;

export const ZPaymentIncidentSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_INCIDENT_KINDS),
  user: ZWhoSchema,
  stripeSessionId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  stripePaymentIntentId: z.string().nullable(),
  /** Stripe's minor units, in `currency` (uppercase). */
  amount: z.number().int().nullable(),
  /** Minor units refunded in total (refund incidents). */
  amountRefunded: z.number().int().nullable(),
  currency: z.string().nullable(),
  outcome: z.enum(PAYMENT_INCIDENT_OUTCOMES),
  /** For people: what happened and why. */
  detail: z.string(),
  /** What has to happen at Stripe: a refund, or a cancellation (with a refund of what it was paid). */
  action: z.enum(['none', 'refund', 'cancel']),
  /** `pending` is retried with backoff until Stripe takes it; `failed` was refused by Stripe (see `lastError`). */
  actionStatus: z.enum(['none', 'pending', 'done', 'failed']),
  stripeRefundId: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPaymentIncident = z.infer<typeof ZPaymentIncidentSchema>;

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
      /** Minor units refunded so far (0 when not recorded). */
      amountRefunded: z.number().int(),
      currency: z.string(),
      /** The local record's status (paid, refunded, disputed, duplicate, superseded), `rejected` or `not recorded`. */
      status: z.string(),
      created: z.string(),
    }),
  ),
  /** The latest 500 incidents, newest first. */
  incidents: z.array(ZPaymentIncidentSchema),
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
    summary:
      "Stripe's subscriptions and paid one-time checkouts, with the users they belong to, and the payment incidents",
    auth: 'admin',
    responses: { 200: json(ZStripeOverviewResponseSchema) },
  },
  syncRoles: {
    summary: "Reconcile every customer's premium access with Stripe",
    auth: 'admin',
    responses: { 200: json(ZSyncRolesResponseSchema) },
  },
});
