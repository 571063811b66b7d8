/**
 * The content feature's zod schemas, imported when an answer is to be parsed (get-hubs.ts, get-progress.ts,
 * get-lesson.ts, ...) rather than with a page: zod, the largest file a page would need, then loads while the
 * request is under way or not at all (/learn-polish and a lesson are checked by hand-written guards, held to these
 * schemas by their specs).
 */
export {
  ZDictionaryLookupResponseSchema,
  ZHubListResponseSchema,
  ZHubLessonsResponseSchema,
  ZLessonProgressResponseSchema,
  ZLessonResponseSchema,
  ZPremiumRequiredResponseSchema,
  ZProgressListResponseSchema,
} from '@polski/contracts';
