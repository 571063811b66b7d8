import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSetWordStatusRequest, TSetWordStatusResponse } from '@polski/contracts';
import { callApi } from '../../../lib/api-client';
import { applyStatuses } from './apply-status';
import { setWordStatusMutationKey } from './mutation-keys';

/** PUT /api/learning/statuses: a lemma's status (new, learning 1-4, known, ignored). */
export async function setWordStatus(req: TSetWordStatusRequest): Promise<TSetWordStatusResponse> {
  const [body, { ZSetWordStatusResponseSchema }] = await Promise.all([
    callApi('learning.setStatus', { body: req }),
    import('./schemas'),
  ]);
  return ZSetWordStatusResponseSchema.parse(body);
}

/** The new status shows at once in every lesson text and in the saved words list (no request again). */
export function useSetWordStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: setWordStatusMutationKey,
    mutationFn: setWordStatus,
    onSuccess: ({ lemma, ...value }) => applyStatuses(queryClient, [{ lemma, value }]),
  });
}
