import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProgressListResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { useUser } from '../../../lib/session';
import { viewerKey } from './viewer';

/** GET /api/content/progress: the signed-in user's completed lessons, most recent first. */
export async function getProgress(options: { signal?: AbortSignal } = {}): Promise<TProgressListResponse> {
  // the schema loads alongside the request (hub-schemas.ts)
  const [body, { ZProgressListResponseSchema }] = await Promise.all([
    callApi('content.progress', {}, options),
    import('./hub-schemas'),
  ]);
  return ZProgressListResponseSchema.parse(body);
}

export function getProgressQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'progress', viewerKey()],
    queryFn: ({ signal }) => getProgress({ signal }),
  });
}

/** Only asked for when signed in: anonymous visitors have no stored progress. */
export function useProgress({ enabled }: { enabled: boolean }) {
  useUser(); // a login or logout changes the query key: subscribe so the page asks again
  return useQuery({ ...getProgressQueryOptions(), enabled });
}
