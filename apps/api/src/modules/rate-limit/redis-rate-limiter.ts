import type { Redis } from 'ioredis';
import type { TLogger } from '../../lib/logger';
import type { TConsumeResult, TRateLimiter, TRateLimitState } from './rate-limiter';

/** One event counted and the window's remaining time read in one atomic step; the first event starts the window. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/**
 * One event counted only while the window holds fewer than ARGV[2] events; over the limit nothing is written. Every
 * key gets the window's expiry, so Redis deletes it when the window ends.
 */
const CONSUME = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if count >= tonumber(ARGV[2]) and ttl > 0 then
  return {count, ttl, 0}
end
count = redis.call('INCR', KEYS[1])
ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl, 1}`;

const PEEK = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

export interface TRedisRateLimiterOptions {
  url: string;
  /** Where events go while Redis cannot be reached, so limits never stop applying. */
  fallback: TRateLimiter;
  logger: TLogger;
  now: () => Date;
  /** Key namespace (default `polski:rl:`). */
  prefix?: string;
  /** Longest wait for one Redis command before falling back (ms). */
  commandTimeoutMs?: number;
}

/**
 * The rate-limit counters in Redis: every API process shares them, and the hot writes (a login attempt, each word
 * check, each translation) leave PostgreSQL. Windows are fixed and end by Redis's own expiry. When Redis cannot be
 * reached (down, restarting, slow), each call goes to the fallback (the PostgreSQL counters) and the problem is
 * logged once per outage; the client reconnects by itself and calls return to Redis. During an outage the counts
 * start over in the fallback, so a limit can admit up to one extra window's worth: limits keep applying, and no
 * request fails because of Redis.
 */
export class RedisRateLimiter implements TRateLimiter {
  private readonly redis: Redis;
  private readonly prefix: string;
  private down = false;
  /** Set by the first failure: from then on the fallback may hold counts too. */
  private hadOutage = false;

  constructor(private readonly opts: TRedisRateLimiterOptions) {
    this.prefix = opts.prefix ?? 'polski:rl:';
    // loaded only where Redis is configured (the client library is ~10 MB of a process's memory)
    const { Redis: RedisClient } = require('ioredis') as typeof import('ioredis');
    this.redis = new RedisClient(opts.url, {
      // fail fast instead of queueing while disconnected: the fallback answers meanwhile
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: opts.commandTimeoutMs ?? 500,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 5000),
      lazyConnect: false,
    });
    this.redis.on('error', (err) => this.failed(err));
    this.redis.on('ready', () => {
      if (this.down) this.opts.logger.info('rate limits: Redis is back');
      this.down = false;
    });
  }

  /** True once connected (tests; the limiter works either way). */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  async hit(key: string, windowSeconds: number): Promise<TRateLimitState> {
    try {
      const [count, ttl] = (await this.redis.eval(HIT, 1, this.prefix + key, windowSeconds * 1000)) as [
        number,
        number,
      ];
      return { count: Number(count), resetAt: new Date(this.opts.now().getTime() + Number(ttl)) };
    } catch (err) {
      this.failed(err as Error);
      return this.opts.fallback.hit(key, windowSeconds);
    }
  }

  async consume(key: string, windowSeconds: number, max: number): Promise<TConsumeResult> {
    try {
      if (this.hadOutage) {
        // events counted in the fallback during an outage still count until their window ends
        const during = await this.opts.fallback.peek(key);
        if (during && during.count >= max) return { allowed: false, ...during };
      }
      const [count, ttl, allowed] = (await this.redis.eval(
        CONSUME,
        1,
        this.prefix + key,
        windowSeconds * 1000,
        max,
      )) as [number, number, number];
      return {
        allowed: Number(allowed) === 1,
        count: Number(count),
        resetAt: new Date(this.opts.now().getTime() + Number(ttl)),
      };
    } catch (err) {
      this.failed(err as Error);
      return this.opts.fallback.consume(key, windowSeconds, max);
    }
  }

  async hold(key: string, seconds: number): Promise<void> {
    try {
      await this.redis.set(this.prefix + key, 1, 'PX', Math.max(1, Math.round(seconds * 1000)));
    } catch (err) {
      this.failed(err as Error);
      return this.opts.fallback.hold(key, seconds);
    }
  }

  async peek(key: string): Promise<TRateLimitState | null> {
    try {
      const r = (await this.redis.eval(PEEK, 1, this.prefix + key)) as [number, number] | null;
      const now = this.opts.now().getTime();
      const state =
        r && Number(r[1]) > 0 ? { count: Number(r[0]), resetAt: new Date(now + Number(r[1])) } : null;
      if (!this.hadOutage) return state;
      // events counted in the fallback during an outage still count until their window ends
      const during = await this.opts.fallback.peek(key);
      if (!during || !state) return during ?? state;
      return during.count > state.count ? during : state;
    } catch (err) {
      this.failed(err as Error);
      return this.opts.fallback.peek(key);
    }
  }

  async reset(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch (err) {
      this.failed(err as Error);
      return this.opts.fallback.reset(key);
    }
    if (this.hadOutage) await this.opts.fallback.reset(key);
  }

  secondsUntil(state: TRateLimitState): number {
    return Math.max(1, Math.ceil((state.resetAt.getTime() - this.opts.now().getTime()) / 1000));
  }

  /** Redis keys expire by themselves; rows the fallback wrote during an outage are deleted there. */
  sweep(): Promise<number> {
    return this.opts.fallback.sweep();
  }

  async close(): Promise<void> {
    // QUIT lets replies in flight arrive; a server that does not answer is dropped
    await this.redis.quit().catch(() => undefined);
    this.redis.disconnect();
  }

  private failed(err: Error): void {
    this.hadOutage = true;
    if (this.down) return;
    this.down = true;
    this.opts.logger.warn(
      { err: err.message },
      'rate limits: Redis unreachable, counting in PostgreSQL meanwhile',
    );
  }
}
