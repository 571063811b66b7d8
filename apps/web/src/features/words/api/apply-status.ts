import type { QueryClient } from '@tanstack/react-query';
import type { TLessonStatusesResponse, TSavedWord, TWordStatusValue } from '@polski/contracts';
import { getSavedWordsQueryOptions } from './get-saved-words';
import { lessonStatusesPrefix } from './get-lesson-statuses';

/**
 * A lemma's new status everywhere it is shown, without asking again: every lesson's statuses (a lemma a lesson
 * does not have is never looked up there) and the saved words list. `onlyIfNew`: saving a word and "mark as known"
 * change a lemma only while it is new (the server does the same).
 */
export function applyStatuses(
  queryClient: QueryClient,
  changes: readonly { lemma: string; value: TWordStatusValue }[],
  { onlyIfNew = false }: { onlyIfNew?: boolean } = {},
): void {
  if (!changes.length) return;
  queryClient.setQueriesData<TLessonStatusesResponse>({ queryKey: lessonStatusesPrefix() }, (old) => {
    if (!old) return old;
    const statuses = { ...old.statuses };
    for (const { lemma, value } of changes) {
      if (onlyIfNew && statuses[lemma]) continue;
      if (value.status === 'new') delete statuses[lemma];
      else statuses[lemma] = value;
    }
    return { statuses };
  });
  const byLemma = new Map(changes.map((c) => [c.lemma, c.value]));
  queryClient.setQueryData<TSavedWord[]>(getSavedWordsQueryOptions().queryKey, (old) =>
    old?.map((w) => {
      const value = byLemma.get(w.lemma);
      if (!value || (onlyIfNew && w.status.status !== 'new')) return w;
      return { ...w, status: value };
    }),
  );
}
