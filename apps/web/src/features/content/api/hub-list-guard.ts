import { HUB_IDS, type THubListResponse, type THubSummary } from '@polski/contracts';

/**
 * GET /content/hubs checked by hand, without zod: /learn-polish draws its cards before zod would have arrived and
 * run. It accepts and returns exactly what ZHubListResponseSchema.parse does (unknown keys dropped), which
 * hub-list-guard.spec.ts holds it to; null where the schema refuses the answer.
 */
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const hubIds: readonly string[] = HUB_IDS;

function toHubSummary(v: unknown): THubSummary | null {
  if (!isRecord(v)) return null;
  const { id, title, level, path, lessonCount, freeCount } = v;
  if (typeof id !== 'string' || !hubIds.includes(id)) return null;
  if (typeof title !== 'string' || typeof level !== 'string' || typeof path !== 'string') return null;
  if (!Number.isSafeInteger(lessonCount) || !Number.isSafeInteger(freeCount)) return null;
  return {
    id: id as THubSummary['id'],
    title,
    level,
    path,
    lessonCount: lessonCount as number,
    freeCount: freeCount as number,
  };
}

export function toHubListResponse(value: unknown): THubListResponse | null {
  if (!Array.isArray(value)) return null;
  const hubs: THubSummary[] = [];
  for (const v of value) {
    const hub = toHubSummary(v);
    if (!hub) return null;
    hubs.push(hub);
  }
  return hubs;
}
