import type { TDb } from '../../lib/db';

export interface TRateLimitState {
  count: number;
  resetAt: Date;
}

/** The answer of `consume`: whether the event was let through (and counted), and the window's state. */
export interface TConsumeResult extends TRateLimitState {
  allowed: boolean;
}

/**
 * Fixed-window counters every API process shares (PostgreSQL, or Redis when REDIS_URL is set). A refused request
 * writes nothing: limits are checked with `consume`, which counts only what it lets through.
 */
export interface TRateLimiter {
  /** Counts one event atomically and returns the count in the current window. */
  hit(key: string, windowSeconds: number): Promise<TRateLimitState>;
  /**
   * Counts one event only while the window holds fewer than `max` (atomically): over the limit nothing is written
   * and `allowed` is false.
   */
  consume(key: string, windowSeconds: number, max: number): Promise<TConsumeResult>;
  /** Makes the key live for exactly `seconds` from now (count 1), whatever it held: a wait that ends then. */
  hold(key: string, seconds: number): Promise<void>;
  /** The current window's count without counting (null: no events in a live window). */
  peek(key: string): Promise<TRateLimitState | null>;
  reset(key: string): Promise<void>;
  secondsUntil(state: TRateLimitState): number;
  /**
   * Deletes counters whose window has ended (PostgreSQL rows; Redis keys expire by themselves) and answers how many;
   * safe to run in several processes at once.
   */
  sweep(): Promise<number>;
  /** Releases connections of its own (the Redis client); the PostgreSQL counters use the app's database. */
  close?(): Promise<void>;
}

/** Rows deleted per statement of a sweep, so one sweep never holds many row locks for long. */
const SWEEP_BATCH = 5000;

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

  async consume(key: string, windowSeconds: number, max: number): Promise<TConsumeResult> {
    const now = this.now();
    const resetAt = new Date(now.getTime() + windowSeconds * 1000);
    // the conflict branch updates only a window that ended or is under the limit: otherwise no row is returned
    // and nothing was written
    const rows = await this.db.$queryRaw<{ count: number; reset_at: Date }[]>`
      INSERT INTO rate_limit_buckets (key, count, reset_at) VALUES (${key}, 1, ${resetAt})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limit_buckets.reset_at <= ${now} THEN 1 ELSE rate_limit_buckets.count + 1 END,
        reset_at = CASE WHEN rate_limit_buckets.reset_at <= ${now} THEN ${resetAt} ELSE rate_limit_buckets.reset_at END
      WHERE rate_limit_buckets.reset_at <= ${now} OR rate_limit_buckets.count < ${max}
      RETURNING count, reset_at`;
    if (rows.length) return { allowed: true, count: Number(rows[0].count), resetAt: rows[0].reset_at };
    const state = await this.peek(key);
    // the full window ended between the two statements: refused this once, retried by the client
    return { allowed: false, ...(state ?? { count: max, resetAt: new Date(now.getTime() + 1000) }) };
  }

  async hold(key: string, seconds: number): Promise<void> {
    const resetAt = new Date(this.now().getTime() + seconds * 1000);
    await this.db.$executeRaw`
      INSERT INTO rate_limit_buckets (key, count, reset_at) VALUES (${key}, 1, ${resetAt})
      ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = ${resetAt}`;
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

  async sweep(): Promise<number> {
    const now = this.now();
    let deleted = 0;
    for (;;) {
      // the outer condition is checked again on the row as it is when locked, so a window that a concurrent hit
      // has just renewed is kept
      const n = await this.db.$executeRaw`
        DELETE FROM rate_limit_buckets
        WHERE reset_at <= ${now}
          AND key IN (SELECT key FROM rate_limit_buckets WHERE reset_at <= ${now} LIMIT ${SWEEP_BATCH})`;
      deleted += n;
      if (n < SWEEP_BATCH) return deleted;
    }
  }
}

export interface TRateLimitSweeperOptions {
  limiter: TRateLimiter;
  onError: (err: unknown) => void;
  /** Time between sweeps (ms); each process sweeps on its own, a little apart. */
  intervalMs?: number;
}

/**
 * Deletes ended rate-limit windows every few minutes (docs/deploy.md, "Rate limits"). Every API process runs one:
 * the deletes are idempotent and only touch windows that ended, so concurrent sweeps are harmless.
 */
export class RateLimitSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly opts: TRateLimitSweeperOptions) {}

  start(): void {
    if (this.timer) return;
    const base = this.opts.intervalMs ?? 10 * 60 * 1000;
    const schedule = (ms: number) => {
      this.timer = setTimeout(tick, ms);
      this.timer.unref();
    };
    const tick = () => {
      this.running = this.opts.limiter
        .sweep()
        .catch(this.opts.onError)
        .finally(() => {
          this.running = undefined;
          // spread the processes' sweeps over the interval
          if (this.timer) schedule(base * (0.75 + Math.random() * 0.5));
        });
    };
    // the first soon after start, so windows left by earlier versions (never deleted) go too
    schedule(Math.min(base, 30_000) * Math.random());
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
