/**
 * The schemas of the payments API's answers, imported when an answer is to be parsed: zod then loads beside the
 * premium page's first request instead of before the page can draw (docs/performance.md, "Lighthouse, 2026-11-27
 * evening"). The translator does the same (features/translator/api/translate-schemas.ts).
 */
export {
  ZCheckoutSessionResponseSchema,
  ZFulfilResponseSchema,
  ZLocationResponseSchema,
  ZSaveSessionResponseSchema,
  ZSelectedPrices2ResponseSchema,
  ZSelectedPricesResponseSchema,
  ZUserResponseSchema,
} from '@polski/contracts';
