import type { TDb } from '../../src/lib/db';

/**
 * Tables whose content a refused request must never change. Rate-limit counters and the translation cache are left
 * out on purpose: counting a refused login or a refused word check is their job.
 */
export const GUARDED_TABLES = [
  'users',
  'user_roles',
  'one_time_tokens',
  'saved_sessions',
  'sessions',
  'payment_customers',
  'checkout_sessions',
  'payments',
  'subscriptions',
  'webhook_events',
  'email_outbox',
  'lesson_progress',
] as const;

export type TStateDigest = Record<(typeof GUARDED_TABLES)[number], { rows: number; md5: string }>;

// one round trip: the row count and an md5 of every row's text per table, so updates show as well as inserts
const SQL = `SELECT ${GUARDED_TABLES.map(
  (t) =>
    `(SELECT json_build_object('rows', count(*), 'md5', coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '')) FROM ${t} x) AS ${t}`,
).join(', ')}`;

export async function stateDigest(db: TDb): Promise<TStateDigest> {
  const [row] = await db.$queryRawUnsafe<Record<string, { rows: number | string; md5: string }>[]>(SQL);
  const out = {} as TStateDigest;
  for (const t of GUARDED_TABLES) out[t] = { rows: Number(row[t].rows), md5: row[t].md5 };
  return out;
}

/** Tables that differ, with their row counts before and after ([] when nothing changed). */
export function digestChanges(before: TStateDigest, after: TStateDigest): string[] {
  return GUARDED_TABLES.filter((t) => before[t].md5 !== after[t].md5).map(
    (t) =>
      `${t}: ${before[t].rows} -> ${after[t].rows} rows${before[t].rows === after[t].rows ? ' (content changed)' : ''}`,
  );
}
