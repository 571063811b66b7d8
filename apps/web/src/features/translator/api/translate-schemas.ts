/**
 * The schemas of the translator's answers, imported when an answer is to be parsed (translate.ts): the translator
 * bar is on every learning page, and zod then loads with the first translation rather than with the page.
 */
export { ZTranslationResponseSchema, ZValidationErrorResponseSchema } from '@polski/contracts';
