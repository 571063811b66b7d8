import { z } from 'zod';
import { defineContract, error, json, validation } from './contract';
import { ERROR_CODES as E } from './error-codes';
import {
  ZCheckoutSessionRequestSchema,
  ZCheckoutSessionResponseSchema,
  ZFulfilRequestSchema,
  ZFulfilResponseSchema,
  ZLocationResponseSchema,
  ZPaymentsConfigResponseSchema,
  ZPortalResponseSchema,
  ZSelectedPrices2ResponseSchema,
  ZSelectedPricesResponseSchema,
} from './payments';
import { ROUTES } from './routes';

/** The price lists take no parameters; the web app may add `cacheBuster`. */
export const ZNoQuerySchema = z.object({ cacheBuster: z.string().max(32).optional() }).loose();
export const ZWebhookResponseSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  ignored: z.literal(true).optional(),
});

const paymentsUnavailable = error(
  'Stripe is not answering; try again after Retry-After seconds',
  E.paymentsUnavailable,
);

const checkout = (variant: string) => ({
  summary: `Create a hosted checkout session (${variant})`,
  description:
    '`userId` is the handle from account/save-session. A double click gets the session the first click created. ' +
    'Answers 400 offer_not_available on the route of the offer this deployment does not sell.',
  auth: 'user' as const,
  body: ZCheckoutSessionRequestSchema,
  responses: {
    200: json(ZCheckoutSessionResponseSchema, 'The session id and the hosted checkout page to go to'),
    400: [
      validation('An unknown price, or an expired handle'),
      error(
        'The other offer, or a currency other than the one the account is billed in',
        E.offerNotAvailable,
        E.currencyMismatch,
      ),
    ],
    409: error('Premium is already active', E.alreadyPremium),
    503: paymentsUnavailable,
  },
});

/** Payments: prices, location, checkout, fulfilment, the customer portal and Stripe's webhook. */
export const paymentsContract = defineContract(ROUTES.payments, {
  config: {
    summary: 'The premium offer this deployment sells, and whether payments run against the Stripe emulator',
    auth: 'public',
    responses: { 200: json(ZPaymentsConfigResponseSchema) },
  },
  selectedPrices: {
    summary: 'The prices of the active offer, as a list',
    auth: 'public',
    query: ZNoQuerySchema,
    responses: { 200: json(ZSelectedPricesResponseSchema), 400: validation(), 503: paymentsUnavailable },
  },
  selectedPrices2: {
    summary: 'The prices of the active offer, grouped by uppercase currency, then by price id',
    auth: 'public',
    query: ZNoQuerySchema,
    responses: { 200: json(ZSelectedPrices2ResponseSchema), 400: validation(), 503: paymentsUnavailable },
  },
  userLocation: {
    summary: "The visitor's country (GeoIP, or the CDN's header where trusted); US when unknown",
    auth: 'public',
    responses: { 200: json(ZLocationResponseSchema) },
  },
  createCheckoutSession: checkout('subscription offer'),
  createCheckoutSession2: checkout('one-time offer'),
  fulfil: {
    summary: "Apply the signed-in user's paid checkout now",
    description:
      "The return page calls this so premium shows at once even when Stripe's webhook is late. Idempotent.",
    auth: 'user',
    body: ZFulfilRequestSchema,
    responses: {
      200: json(ZFulfilResponseSchema),
      400: validation(),
      404: error('No checkout session of this user has this id', E.checkoutNotFound),
      503: paymentsUnavailable,
    },
  },
  customerPortal: {
    summary: "A link to Stripe's customer portal (billing and subscription)",
    auth: 'user',
    responses: {
      200: json(ZPortalResponseSchema),
      400: error('The user has never paid: there is no billing account', E.noBillingAccount),
      503: paymentsUnavailable,
    },
  },
  webhook: {
    summary: "Stripe's events (signed)",
    description:
      'The signature (Stripe-Signature) is checked over the raw body. Every event is recorded by id in the same ' +
      'transaction as its effect; duplicates and unhandled types answer 200.',
    auth: 'public',
    rawBody: 'application/json',
    internal: true,
    responses: {
      200: json(ZWebhookResponseSchema),
      400: error('No valid Stripe signature, or a malformed event', E.invalidWebhook),
      503: paymentsUnavailable,
    },
  },
});
