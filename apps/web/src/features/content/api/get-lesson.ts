import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THubId, TLessonResponse, TLessonTeaser } from '@polski/contracts';
import { ApiError, hasErrorCode } from '../../../lib/api-client';
import { ensureCatalogue, t } from '../../../lib/i18n/i18n';
import { useUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { toLessonResponse } from './lesson-guard';
import { requestLesson } from './lesson-request';
import { viewerKey } from './viewer';

/**
 * A lesson the viewer may read, or the gate: the server sent only the teaser (docs/product.md, "Gated content").
 */
export type TLessonResult = { kind: 'lesson'; lesson: TLessonResponse } | { kind: 'premium'; teaser: TLessonTeaser };

/**
 * GET /api/content/lessons/:hub/:slug. A 403 premium_required is an expected answer, not a failure: it stays
 * silent (no central 'Something went wrong' toast) and becomes the gate. Any other failure is handled centrally.
 */
export async function getLesson(
  hub: THubId,
  slug: string,
  options: { signal?: AbortSignal } = {},
): Promise<TLessonResult> {
  try {
    const body = await requestLesson(hub, slug, options);
    // checked without zod (lesson-guard.ts); an answer the guard refuses is parsed by the schema, for its error
    const lesson = toLessonResponse(body);
    if (lesson) return { kind: 'lesson', lesson };
    const { ZLessonResponseSchema } = await import('./hub-schemas');
    return { kind: 'lesson', lesson: ZLessonResponseSchema.parse(body) };
  } catch (err) {
    if (hasErrorCode(err, 'premium_required')) {
      const { ZPremiumRequiredResponseSchema } = await import('./hub-schemas');
      const gate = ZPremiumRequiredResponseSchema.safeParse(err.body);
      if (gate.success) return { kind: 'premium', teaser: gate.data.teaser };
    }
    if (err instanceof ApiError && err.status === 403) {
      // a 403 that is not the gate: docs/product.md, "Errors the web app shows": any other status, as the
      // api-client would have done (the 403s are this file's to report, see lesson-request.ts)
      await ensureCatalogue();
      toast.error(t('api.somethingWentWrong'));
      console.error(`API 403 for ${err.url}`, err.body);
    }
    throw err;
  }
}

export function getLessonQueryOptions(hub: THubId, slug: string) {
  return queryOptions({
    queryKey: ['content', 'lesson', hub, slug, viewerKey()],
    queryFn: ({ signal }) => getLesson(hub, slug, { signal }),
    retryOnMount: false,
  });
}

export function useLesson(hub: THubId, slug: string) {
  useUser(); // a login or logout changes the query key: subscribe so the page asks again
  return useQuery(getLessonQueryOptions(hub, slug));
}
