/**
 * The progress answers' schemas, loaded alongside the requests (import('./schemas')): zod is not in the header
 * widget's code, which every signed-in page loads, and the request does not wait for it.
 */
export {
  ZLearnerSettingsSchema,
  ZProgressHistoryResponseSchema,
  ZProgressSummaryResponseSchema,
} from '@polski/contracts';
