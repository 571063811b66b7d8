import type { TDb } from '../../lib/db';

export interface TRateLimitState {
  count: number;
  resetAt: Date;
}

/** Fixed-window counters every API process shares (PostgreSQL, or Redis when REDIS_URL is set). */
export interface TRateLimiter {
  /** Counts one event atomically and returns the count in the current window. */
  hit(key: string, windowSeconds: number): Promise<TRateLimitState>;
  /** The current window's count without counting (null: no events in a live window). */
  peek(key: string): Promise<TRateLimitState | null>;
  reset(key: string): Promise<void>;
  secondsUntil(state: TRateLimitState): number;
  /** Releases connections of its own (the Redis client); the PostgreSQL counters use the app's database. */
  close?(): Promise<void>;
}

/** The counters in PostgreSQL (table rate_limit_buckets): one upsert per event. */
export class PostgresRateLimiter implements TRateLimiter {
  constructor(
    private readonly db: TDb,
    private readonly now: () => Date,
  ) {}

  async hit(key: string, windowSeconds: number): Promise<TRateLimitState> {
    const now = this.now();
    const resetAt = new Date(now.getTime() + windowSeconds * 1000);
    const rows = await this.db.$queryRaw<{ count: number; reset_at: Date }[]>`
      INSERT INTO rate_limit_buckets (key, count, reset_at) VALUES (${key}, 1, ${resetAt})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limit_buckets.reset_at <= ${now} THEN 1 ELSE rate_limit_buckets.count + 1 END,
        reset_at = CASE WHEN rate_limit_buckets.reset_at <= ${now} THEN ${resetAt} ELSE rate_limit_buckets.reset_at END
      RETURNING count, reset_at`;
    return { count: Number(rows[0].count), resetAt: rows[0].reset_at };
  }

  async peek(key: string): Promise<TRateLimitState | null> {
    const row = await this.db.rateLimitBucket.findUnique({ where: { key } });
    if (!row || row.resetAt.getTime() <= this.now().getTime()) return null;
    return { count: row.count, resetAt: row.resetAt };
  }

  async reset(key: string): Promise<void> {
    await this.db.rateLimitBucket.deleteMany({ where: { key } });
  }

  secondsUntil(state: TRateLimitState): number {
    return Math.max(1, Math.ceil((state.resetAt.getTime() - this.now().getTime()) / 1000));
  }
}
