import type { TDatabase } from '../../lib/db';
import { createTestDatabase } from '../../../test/support/test-database';
import { PostgresRateLimiter, RateLimitSweeper } from './rate-limiter';

/** The PostgreSQL counters: refused events write nothing, ended windows are swept (issue 13, item 15). */
describe('PostgresRateLimiter', () => {
  let database: TDatabase;
  let current = new Date('2026-11-26T10:00:00Z');
  const now = () => new Date(current);
  const advance = (seconds: number) => (current = new Date(current.getTime() + seconds * 1000));
  let limiter: PostgresRateLimiter;
  const rows = async () =>
    (await database.db.rateLimitBucket.findMany({ orderBy: { key: 'asc' } })).map((r) => ({
      key: r.key,
      count: r.count,
      resetAt: r.resetAt.toISOString(),
    }));

  beforeAll(async () => {
    database = await createTestDatabase();
    limiter = new PostgresRateLimiter(database.db, now);
  });
  afterAll(() => database.close());
  beforeEach(() => database.db.rateLimitBucket.deleteMany());

  it('consume counts up to the limit, then refuses without writing, and a new window starts over', async () => {
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.consume('k', 60, 3));
    expect(results.map((r) => [r.allowed, r.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 3],
      [false, 3],
    ]);
    const before = await rows();
    await limiter.consume('k', 60, 3);
    expect(await rows()).toEqual(before);
    expect(limiter.secondsUntil(results[4])).toBe(60);
    advance(61);
    expect(await limiter.consume('k', 60, 3)).toMatchObject({ allowed: true, count: 1 });
  });

  it('consume lets exactly `max` of many concurrent events through', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.consume('burst', 60, 7)));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    expect((await limiter.peek('burst'))?.count).toBe(7);
  });

  it('hold makes a key live for exactly that long, replacing what it held', async () => {
    await limiter.hit('wait', 3600);
    await limiter.hit('wait', 3600);
    await limiter.hold('wait', 4);
    const state = await limiter.peek('wait');
    expect(state?.count).toBe(1);
    expect(limiter.secondsUntil(state!)).toBe(4);
    advance(4);
    expect(await limiter.peek('wait')).toBeNull();
  });

  it('sweep deletes the rows whose window ended and keeps the live ones', async () => {
    await limiter.hit('old-1', 60);
    await limiter.hit('old-2', 120);
    await limiter.hit('live', 3600);
    advance(121);
    await limiter.hit('new', 60);
    expect(await limiter.sweep()).toBe(2);
    expect((await rows()).map((r) => r.key)).toEqual(['live', 'new']);
    expect(await limiter.sweep()).toBe(0);
  });

  it('sweeps in batches and from several processes at once without losing live rows', async () => {
    const endedAt = new Date(current.getTime() - 1000);
    const liveAt = new Date(current.getTime() + 60_000);
    await database.db.rateLimitBucket.createMany({
      data: Array.from({ length: 12_000 }, (_, i) => ({ key: `ended:${i}`, count: 1, resetAt: endedAt })),
    });
    await database.db.rateLimitBucket.createMany({
      data: Array.from({ length: 50 }, (_, i) => ({ key: `live:${i}`, count: 1, resetAt: liveAt })),
    });
    const other = new PostgresRateLimiter(database.db, now);
    const [a, b] = await Promise.all([limiter.sweep(), other.sweep()]);
    expect(a + b).toBe(12_000);
    expect(await database.db.rateLimitBucket.count()).toBe(50);
  });

  it('the sweeper sweeps soon after start and then now and then, and stops', async () => {
    await limiter.hit('gone', 1);
    advance(2);
    const sweeps: number[] = [];
    const sweeper = new RateLimitSweeper({
      limiter: {
        ...limiter,
        sweep: async () => {
          const n = await limiter.sweep();
          sweeps.push(n);
          return n;
        },
      } as PostgresRateLimiter,
      onError: (err) => {
        throw err;
      },
      intervalMs: 40,
    });
    sweeper.start();
    const end = Date.now() + 5000;
    while (sweeps.length < 3 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    await sweeper.stop();
    expect(sweeps[0]).toBe(1);
    expect(sweeps.length).toBeGreaterThanOrEqual(3);
    const after = sweeps.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(sweeps.length).toBe(after);
    expect(await rows()).toEqual([]);
  });
});
