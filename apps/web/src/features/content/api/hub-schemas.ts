/**
 * The schemas of /learn-polish's two answers, imported when an answer is to be parsed (get-hubs.ts,
 * get-progress.ts) rather than with the page: zod, the largest file a page needs, then loads while the request is
 * under way instead of before the page can be drawn.
 */
export { ZHubListResponseSchema, ZProgressListResponseSchema } from '@polski/contracts';
