import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { createLogger } from '../../lib/logger';
import type { TDatabase } from '../../lib/db';
import { createTestDatabase } from '../../../test/support/test-database';
import { PostgresRateLimiter } from './rate-limiter';
import { RedisRateLimiter } from './redis-rate-limiter';

/**
 * The Redis counters against a real Redis (REDIS_URL; CI sets redis://127.0.0.1:6379), with the PostgreSQL
 * counters as their fallback on the test database. Skipped with a message without REDIS_URL.
 */
const url = process.env.REDIS_URL;
const redisIt = url ? it : it.skip;
if (!url) console.warn('redis-rate-limiter: skipped without REDIS_URL');

async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('RedisRateLimiter', () => {
  let database: TDatabase;
  let fallback: PostgresRateLimiter;
  const prefix = `polski-test:${randomBytes(6).toString('hex')}:`;
  const open: RedisRateLimiter[] = [];
  const logger = createLogger('silent');
  const now = () => new Date();
  const limiter = (overrides: { url?: string } = {}) => {
    const l = new RedisRateLimiter({ url: overrides.url ?? url!, fallback, logger, now, prefix });
    open.push(l);
    return l;
  };
  const buckets = async () => (await database.db.rateLimitBucket.findMany()).length;

  beforeAll(async () => {
    database = await createTestDatabase();
    fallback = new PostgresRateLimiter(database.db, now);
  });
  afterAll(async () => {
    for (const l of open) await l.close();
    if (url) {
      const r = new Redis(url);
      const keys = await r.keys(`${prefix}*`);
      if (keys.length) await r.del(...keys);
      r.disconnect();
    }
    await database.close();
  });

  redisIt(
    'counts atomically across processes: 200 concurrent hits from two clients give 1..200',
    async () => {
      const a = limiter();
      const b = limiter();
      await waitFor(() => a.ready && b.ready, 'Redis');
      const states = await Promise.all(
        Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).hit('login:pair:x', 60)),
      );
      expect(states.map((s) => s.count).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 200 }, (_, i) => i + 1),
      );
      const resetIn = a.secondsUntil(states[0]);
      expect(resetIn).toBeGreaterThanOrEqual(59);
      expect(resetIn).toBeLessThanOrEqual(60);
      expect((await b.peek('login:pair:x'))?.count).toBe(200);
      // nothing went to PostgreSQL
      expect(await buckets()).toBe(0);
    },
  );

  redisIt('starts a new window when the old one ends, and reset clears a key', async () => {
    const l = limiter();
    await waitFor(() => l.ready, 'Redis');
    await l.hit('word-checker:ip:1', 1);
    expect((await l.hit('word-checker:ip:1', 1)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await l.peek('word-checker:ip:1')).toBeNull();
    expect((await l.hit('word-checker:ip:1', 1)).count).toBe(1);
    await l.reset('word-checker:ip:1');
    expect(await l.peek('word-checker:ip:1')).toBeNull();
  });

  redisIt(
    'consume refuses over the limit without writing, hold sets an exact wait, and every key expires',
    async () => {
      const l = limiter();
      await waitFor(() => l.ready, 'Redis');
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await l.consume('register:ip:1', 60, 3));
      expect(results.map((r) => [r.allowed, r.count])).toEqual([
        [true, 1],
        [true, 2],
        [true, 3],
        [false, 3],
        [false, 3],
      ]);
      await l.hold('login:wait:user:1:1', 7);
      const wait = await l.peek('login:wait:user:1:1');
      expect(wait?.count).toBe(1);
      expect(l.secondsUntil(wait!)).toBe(7);
      await l.hit('login:fail:user:1:1', 86400);
      const r = new Redis(url!);
      try {
        const keys = await r.keys(`${prefix}*`);
        expect(keys.length).toBeGreaterThanOrEqual(3);
        for (const k of keys) expect(await r.pttl(k)).toBeGreaterThan(0);
        expect(await r.get(`${prefix}register:ip:1`)).toBe('3');
      } finally {
        r.disconnect();
      }
      // nothing went to PostgreSQL, and the sweep has nothing to delete there
      expect(await buckets()).toBe(0);
      expect(await l.sweep()).toBe(0);
    },
  );

  redisIt('keeps limiting in PostgreSQL while Redis cannot be reached, and says so once', async () => {
    // a port that accepts and never answers: commands time out
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const port = (silent.address() as { port: number }).port;
    const warnings: string[] = [];
    const l = new RedisRateLimiter({
      url: `redis://127.0.0.1:${port}`,
      fallback,
      logger: {
        ...logger,
        warn: (_o: unknown, msg: string) => warnings.push(msg),
        info: () => undefined,
      } as never,
      now,
      prefix,
      commandTimeoutMs: 200,
    });
    open.push(l);
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push((await l.hit('forgot:ip:9', 3600)).count);
    expect(counts).toEqual([1, 2, 3]);
    const row = await database.db.rateLimitBucket.findUnique({ where: { key: 'forgot:ip:9' } });
    expect(row?.count).toBe(3);
    expect((await l.peek('forgot:ip:9'))?.count).toBe(3);
    expect(warnings.filter((w) => w.includes('Redis unreachable'))).toHaveLength(1);
    await l.close();
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  });

  redisIt(
    'after an outage, counts made in PostgreSQL meanwhile still hold until their window ends',
    async () => {
      const l = limiter();
      await waitFor(() => l.ready, 'Redis');
      // as if three attempts were counted in PostgreSQL while Redis was down
      for (let i = 0; i < 3; i++) await fallback.hit('login:account:u1', 900);
      (l as unknown as { hadOutage: boolean }).hadOutage = true;
      await l.hit('login:account:u1', 900);
      expect((await l.peek('login:account:u1'))?.count).toBe(3);
      await l.reset('login:account:u1');
      expect(await l.peek('login:account:u1')).toBeNull();
      expect(await fallback.peek('login:account:u1')).toBeNull();
    },
  );
});
