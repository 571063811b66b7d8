import { HUB_IDS, type THubListResponse, type THubSummary } from '@polski/contracts';

/**
 * GET /content/hubs checked by hand, without zod: /learn-polish draws its cards before zod would have arrived and
 * run. It accepts and returns exactly what ZHubListResponseSchema.parse does (unknown keys dropped), which
 * hub-list-guard.spec.ts holds it to; null where the schema refuses the answer.
 */
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const hubIds: readonly string[] = HUB_IDS;

const AUDIO_KEYS = ['lessons', 'ready', 'recording', 'neural', 'synthetic'] as const;
const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

/** The hub's audio summary (docs/product.md, "Honest claims"); undefined when absent, null when malformed. */
function toAudio(v: unknown): THubSummary['audio'] | null {
  if (v === undefined) return undefined;
  if (!isRecord(v) || !AUDIO_KEYS.every((k) => isCount(v[k]))) return null;
  return Object.fromEntries(AUDIO_KEYS.map((k) => [k, v[k]])) as NonNullable<THubSummary['audio']>;
}

function toHubSummary(v: unknown): THubSummary | null {
  if (!isRecord(v)) return null;
  const { id, title, level, path, lessonCount, freeCount } = v;
  const audio = toAudio(v.audio);
  if (audio === null) return null;
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
    ...(audio ? { audio } : {}),
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
