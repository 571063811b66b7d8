import { z } from 'zod';
import { isLessonReturnPath } from './return-path';

/**
 * Checkout request of both offers (docs/product.md, "Checkout"): the price, and the payment-redirect handle from
 * save-session.
 */
export const ZCheckoutSessionRequestSchema = z.object({
  priceId: z
    .string({ error: 'Please choose a plan' })
    .trim()
    .regex(/^price_[A-Za-z0-9_]{1,100}$/, 'Please choose a plan'),
  /** Informational: the server always uses the signed-in user's email. */
  userEmail: z.string().max(254).optional(),
  /** The opaque handle from account/save-session (not the account id). */
  userId: z
    .string({ error: 'Your checkout session has expired. Please start again.' })
    .trim()
    .min(16)
    .max(64),
  /**
   * The lesson the buyer was trying to open, to go back to after paying (docs/product.md, "Return from checkout"):
   * a lesson path of this site only (isLessonReturnPath); anything else is refused with a 400.
   */
  returnTo: z
    .string()
    .refine(isLessonReturnPath, 'The return address must be a lesson of this site.')
    .optional(),
});
export type TCheckoutSessionRequest = z.infer<typeof ZCheckoutSessionRequestSchema>;

export const ZCheckoutSessionResponseSchema = z.object({ sessionId: z.string(), url: z.string() });
export type TCheckoutSessionResponse = z.infer<typeof ZCheckoutSessionResponseSchema>;

export const ZPriceEntrySchema = z.object({
  id: z.string(),
  currency: z.string(),
  amount: z.number(),
  plan: z.string(),
});
export type TPriceEntryResponse = z.infer<typeof ZPriceEntrySchema>;

/** get-selected-prices: a list; get-selected-prices2: grouped by uppercase currency, then by price id. */
export const ZSelectedPricesResponseSchema = z.array(ZPriceEntrySchema);
export const ZSelectedPrices2ResponseSchema = z.record(z.string(), z.record(z.string(), ZPriceEntrySchema));
export type TSelectedPrices2Response = z.infer<typeof ZSelectedPrices2ResponseSchema>;

export const ZLocationResponseSchema = z.object({ countryCode: z.string().length(2) });
export type TLocationResponse = z.infer<typeof ZLocationResponseSchema>;

export const ZPortalResponseSchema = z.object({ url: z.string() });

export const ZFulfilRequestSchema = z.object({
  sessionId: z
    .string()
    .trim()
    .regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'Unknown checkout session'),
});
export const ZFulfilResponseSchema = z.object({ status: z.enum(['fulfilled', 'already', 'not-paid']) });

export const ZPaymentsConfigResponseSchema = z.object({
  offer: z.enum(['one-time', 'subscription']),
  testMode: z.boolean(),
});
export type TPaymentsConfigResponse = z.infer<typeof ZPaymentsConfigResponseSchema>;
