/**
 * The learning routes' zod schemas, imported when an answer is to be parsed rather than with a page: zod then
 * loads while the request is under way (as features/content/api/hub-schemas.ts does for the lesson page).
 */
export {
  ZImportKnownResponseSchema,
  ZLessonStatusesResponseSchema,
  ZMarkKnownResponseSchema,
  ZReviewAnswerResponseSchema,
  ZReviewQueueResponseSchema,
  ZReviewUndoResponseSchema,
  ZSavedWordListResponseSchema,
  ZSavedWordSchema,
  ZSetWordStatusResponseSchema,
} from '@polski/contracts';
