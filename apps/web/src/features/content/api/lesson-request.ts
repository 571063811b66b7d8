import type { THubId } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { startEarlyGet, takeEarlyGet } from '../../../lib/early-get';

/**
 * GET /api/content/lessons/:hub/:slug, the request alone (getLesson parses the answer). Small and free of zod, so
 * the router can start it with the navigation (startLessonRequest) while the lesson page's code loads; getLesson
 * then takes that answer instead of asking again. A 403 (premium_required) is reported by getLesson, not centrally;
 * the lesson page says itself when a lesson does not exist (404) or could not be loaded (no answer, a busy or failing
 * server), so no toast repeats it.
 */
const get = (hub: THubId, slug: string, options: { signal?: AbortSignal } = {}) =>
  callApi(
    'content.lesson',
    { params: { hub, slug } },
    { ...options, silentStatuses: [0, 403, 404, 429, 500, 502, 503, 504] },
  ) as Promise<unknown>;

// the early answer's key: the lesson's address (any string both ends agree on)
const key = (hub: THubId, slug: string) => `content.lesson:${hub}/${slug}`;

export function requestLesson(hub: THubId, slug: string, options: { signal?: AbortSignal } = {}) {
  return takeEarlyGet(key(hub, slug)) ?? get(hub, slug, options);
}

/** Starts the lesson's request with the navigation (a free lesson's page brings the answer along: api-client). */
export function startLessonRequest(hub: THubId, slug: string): void {
  startEarlyGet(key(hub, slug), () => get(hub, slug));
}
