import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { createApp, type TApp } from '../../src/app';
import { openDatabase, type TDatabase } from '../../src/lib/db';
import { createLogger } from '../../src/lib/logger';
import { createModules } from '../../src/modules';
import type { TModuleFactory } from '../../src/module';
import { LOGIN_SLOWDOWN, loginDelaySeconds } from '../../src/modules/account/account.service';
import { contentModule } from '../../src/modules/content';
import { createPaymentsModule } from '../../src/modules/payments';
import { startStripeEmulator, type TStripeEmulator } from '@polski/stripe-emulator';
import { wordCheckerModule } from '../../src/modules/word-checker';
import { systemClock } from '../../src/lib/clock';
import { createServices, type TServices } from '../../src/services';
import { createTestApp, type TTestApp } from '../support/test-app';
import { startTcpProxy, type TTcpProxy } from './tcp-proxy';

/**
 * Two API instances (as two processes would be) behind real HTTP ports on one database, each with its own
 * connection pool, as separate processes have. Stripe events are delivered by the test itself (the emulator has no endpoint),
 * signed with the webhook secret both instances know.
 */
const WEBHOOK_SECRET = 'whsec_multi_process_secret_0123456789';
const WORD_CHECK_LIMIT = 6;
// with REDIS_URL (CI) the shared limits below are Redis's, under a key prefix of this run's own
const ENV = {
  TRUST_PROXY: 'true',
  WORD_CHECK_RATE_LIMIT: String(WORD_CHECK_LIMIT),
  ...(process.env.REDIS_URL
    ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `polski-test:${randomBytes(6).toString('hex')}:` }
    : {}),
};

interface TInstance {
  url: string;
  server: Server;
  database: TDatabase;
  services: TServices;
}

async function listen(app: TApp, database: TDatabase, services: TServices): Promise<TInstance> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, database, services, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('two API processes on one database', () => {
  let emulator: TStripeEmulator;
  let a: TTestApp;
  let A: TInstance;
  let B: TInstance;
  const extra: { stop(): Promise<void> }[] = [];
  const modules = (): TModuleFactory[] => [
    contentModule,
    createPaymentsModule({ emulator, webhookSecret: WEBHOOK_SECRET }),
    wordCheckerModule,
  ];

  /** Another instance of the API (its own services, modules and rate limiter) on the given database. */
  async function instance(database: TDatabase): Promise<TInstance> {
    const base = { config: a.config, database, logger: createLogger('silent'), clock: systemClock };
    const services = createServices(base);
    const built = await createModules({ ...base, services }, modules());
    const running = await listen(createApp({ ...base, services, modules: built }), database, services);
    extra.push({
      async stop() {
        await new Promise<void>((resolve) => running.server.close(() => resolve()));
        running.server.closeAllConnections();
        for (const m of built) await m.stop?.();
        await services.users.stop();
        await services.limiter.close?.();
      },
    });
    return running;
  }

  beforeAll(async () => {
    emulator = await startStripeEmulator({ retryDelaysMs: [] });
    a = await createTestApp({ env: ENV, modules: modules() });
    A = await listen(a.app, a.database, a.deps.services);
    const shared = await openDatabase({
      databaseUrl: a.database.url,
      dataDir: '',
      poolSize: 5,
      migrate: false,
    });
    B = await instance(shared);
    extra.push({ stop: () => shared.close() });
  }, 60_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => (A ? A.server.close(() => resolve()) : resolve()));
    A?.server.closeAllConnections();
    for (const e of extra.reverse()) await e.stop().catch(() => undefined);
    await a?.close();
    await emulator?.close();
  });

  const db = () => a.database.db;

  async function signUp(on: TInstance) {
    const body = makeRegisterRequest();
    const res = await post(`${on.url}/api/account/register`, body);
    expect(res.status).toBe(201);
    const row = await db().user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
    return { ...body, id: row.id, token: res.body.token as string };
  }

  /** A paid checkout session of a new user (nothing delivered yet) and its signed-able completion event. */
  async function paidSession() {
    const u = await signUp(A);
    const auth = { Authorization: `Bearer ${u.token}` };
    const handle = (await post(`${A.url}/api/account/save-session`, {}, auth)).body.userId;
    const checkout = await post(
      `${B.url}/api/payments/create-checkout-session2`,
      { priceId: 'price_once_yearly_usd', userId: handle },
      auth,
    );
    expect(checkout.status).toBe(200);
    const sessionId = checkout.body.sessionId as string;
    emulator.completeCheckout(sessionId);
    const event = emulator
      .events()
      .find(
        (e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === sessionId,
      );
    if (!event) throw new Error('the emulator recorded no checkout.session.completed');
    return { user: u, auth, sessionId, event, payload: JSON.stringify(event) };
  }

  const deliver = (to: TInstance, payload: string) =>
    post(`${to.url}/api/payments/webhook`, payload, {
      'Stripe-Signature': emulator
        .stripe()
        .webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    });

  async function effects(userId: string, email: string, eventId: string) {
    return {
      payments: await db().payment.count({ where: { userId } }),
      webhookEvents: await db().webhookEvent.count({ where: { id: eventId } }),
      welcomeEmails: await db().emailOutbox.count({ where: { to: email, subject: 'Welcome to Premium' } }),
      fulfilled: await db().checkoutSession.count({ where: { userId, fulfilledAt: { not: null } } }),
    };
  }

  it('applies the same Stripe event once when it reaches both processes at the same moment, round after round', async () => {
    for (let round = 0; round < 4; round++) {
      const { user, auth, sessionId, event, payload } = await paidSession();
      // eight deliveries of one event spread over both processes, and the return page's fulfil on both
      const results = await Promise.all([
        ...Array.from({ length: 8 }, (_, i) => deliver(i % 2 ? A : B, payload)),
        post(`${A.url}/api/payments/fulfil`, { sessionId }, auth),
        post(`${B.url}/api/payments/fulfil`, { sessionId }, auth),
      ]);
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      const webhooks = results.slice(0, 8).map((r) => r.body);
      expect(webhooks.filter((b) => b.duplicate === true)).toHaveLength(7);
      expect(webhooks.filter((b) => !b.duplicate)).toEqual([{ received: true }]);
      // the return page may win the race or find it done: never applied twice
      const fulfils = results.slice(8).map((r) => r.body.status as string);
      expect(fulfils.every((s) => s === 'fulfilled' || s === 'already')).toBe(true);
      expect(fulfils.filter((s) => s === 'fulfilled').length).toBeLessThanOrEqual(1);
      expect(await effects(user.id, user.email, event.id)).toEqual({
        payments: 1,
        webhookEvents: 1,
        welcomeEmails: 1,
        fulfilled: 1,
      });
      const row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
      expect(row.premiumUntil).not.toBeNull();
    }
  }, 60_000);

  it('counts failed logins across both processes: the slow-down holds wherever the next attempt lands', async () => {
    const u = await signUp(A);
    const from = { 'X-Forwarded-For': '203.0.113.7' };
    const wrong = { usernameOrEmail: u.username, password: 'not-the-password-1' };
    // failures alternate between the processes; each delay is waited out, until one lasts 4 s
    for (let i = 1; loginDelaySeconds(i - 1) < 4; i++) {
      await new Promise((r) => setTimeout(r, loginDelaySeconds(i - 1) * 1000 + 100));
      expect((await post(`${(i % 2 ? A : B).url}/api/account/login`, wrong, from)).status).toBe(401);
    }
    // inside the delay the next try is refused on either process, even with the right password
    const right = { usernameOrEmail: u.username, password: u.password };
    expect((await post(`${A.url}/api/account/login`, right, from)).status).toBe(429);
    expect((await post(`${B.url}/api/account/login`, right, from)).status).toBe(429);
    // another address is not affected
    expect(
      (await post(`${B.url}/api/account/login`, right, { 'X-Forwarded-For': '203.0.113.8' })).status,
    ).toBe(200);
  }, 30_000);

  it('an account guessed at from many addresses over both processes slows every failing address, not the owner', async () => {
    const u = await signUp(B);
    const wrong = { usernameOrEmail: u.email, password: 'guess-guess-guess' };
    const n = LOGIN_SLOWDOWN.accountUnderAttack + 2;
    const at = (i: number) => ({ 'X-Forwarded-For': `198.51.100.${i + 1}` });
    const first = await Promise.all(
      Array.from({ length: n }, (_, i) => post(`${(i % 2 ? A : B).url}/api/account/login`, wrong, at(i))),
    );
    expect(first.map((r) => r.status)).toEqual(Array(n).fill(401));
    // the account is under attack: a second failure starts each address's delay (some already wait)
    for (let i = 0; i < n; i++) {
      expect([401, 429]).toContain(
        (await post(`${(i % 2 ? B : A).url}/api/account/login`, wrong, at(i))).status,
      );
    }
    for (let i = 0; i < n; i++) {
      const next = await post(`${(i % 2 ? A : B).url}/api/account/login`, wrong, at(i));
      expect(next.status).toBe(429);
      expect(next.body.code).toBe('rate_limited');
    }
    const right = { usernameOrEmail: u.email, password: u.password };
    expect(
      (await post(`${A.url}/api/account/login`, right, { 'X-Forwarded-For': '198.51.100.200' })).status,
    ).toBe(200);
  });

  it('shares the per-address word-check limit between the processes', async () => {
    const from = { 'X-Forwarded-For': '192.0.2.44' };
    // an empty text is refused by validation after the limit has counted it: no spelling dictionary needed
    const statuses: number[] = [];
    for (let i = 0; i < WORD_CHECK_LIMIT + 2; i++) {
      statuses.push((await post(`${(i % 2 ? A : B).url}/api/word-checker/check`, { text: '' }, from)).status);
    }
    expect(statuses).toEqual([...Array(WORD_CHECK_LIMIT).fill(400), 429, 429]);
  });

  it('a logout answered by one process ends the session in the other, whose user cache and fast lane held it', async () => {
    const caches = [A.services.users, B.services.users];
    await Promise.all(caches.map((c) => c.start()));
    const end = Date.now() + 5000;
    while (!caches.every((c) => c.active)) {
      if (Date.now() > end) throw new Error('the user caches did not start listening');
      await new Promise((r) => setTimeout(r, 20));
    }
    const u = await signUp(A);
    const role = await db().role.findUniqueOrThrow({ where: { name: 'PremiumMember' } });
    await db().userRole.create({ data: { userId: u.id, roleId: role.id } });
    await db().user.update({ where: { id: u.id }, data: { premiumLifetime: true } });
    const other = await post(`${B.url}/api/account/login`, {
      usernameOrEmail: u.username,
      password: u.password,
    });
    expect(other.status).toBe(200);
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    const lesson = `/api/content/lessons/complete-beginner/complete-beginner-2`;
    const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid;
    await Promise.all(caches.map((c) => c.sync()));
    // B holds the user and the session: its fast lane serves the premium lesson without the database
    for (let i = 0; i < 2; i++) expect((await get(`${B.url}${lesson}`, bearer(u.token))).status).toBe(200);
    expect(B.services.users.peekSession(u.id, sid(u.token))?.revokedAt).toBeNull();

    expect((await post(`${A.url}/api/account/logout`, {}, bearer(u.token))).status).toBe(200);
    await B.services.users.sync();
    for (const path of [lesson, lesson, '/api/account/settings', '/api/payments/user-updated-roles']) {
      const res = await get(`${B.url}${path}`, bearer(u.token));
      expect({ path, status: res.status, code: res.body?.code }).toEqual({
        path,
        status: 401,
        code: 'session_expired',
      });
    }
    // the same user's session from the other login still reads on both
    for (const on of [A, B])
      expect((await get(`${on.url}${lesson}`, bearer(other.body.token))).status).toBe(200);

    // sign out everywhere on B ends that one on A too
    expect((await post(`${B.url}/api/account/logout-everywhere`, {}, bearer(other.body.token))).status).toBe(
      200,
    );
    await A.services.users.sync();
    const after = await get(`${A.url}${lesson}`, bearer(other.body.token));
    expect({ status: after.status, code: after.body?.code }).toEqual({
      status: 401,
      code: 'session_expired',
    });
  });

  describe('a webhook while the database is unreachable', () => {
    let proxy: TTcpProxy | undefined;
    afterAll(() => proxy?.close());

    it('answers 5xx so Stripe retries, and the retry after the database is back applies the event once', async () => {
      const target = new URL(a.database.url);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaProxy = new URL(a.database.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const database = await openDatabase({
        databaseUrl: viaProxy.toString(),
        dataDir: '',
        poolSize: 3,
        migrate: false,
        connectionTimeoutMs: 2_000,
      });
      extra.push({ stop: () => database.close() });
      const C = await instance(database);
      const health = async () => (await fetch(`${C.url}/api/health`)).status;
      expect(await health()).toBe(200);

      const { user, event, payload } = await paidSession();
      await proxy.cut();
      expect(await health()).toBe(503);
      const started = Date.now();
      const during = await deliver(C, payload);
      // 503 with Retry-After: a 5xx, so Stripe delivers the event again later
      expect(during.status).toBe(503);
      expect(during.body).toMatchObject({ status: 503, code: 'service_unavailable' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await effects(user.id, user.email, event.id)).toEqual({
        payments: 0,
        webhookEvents: 0,
        welcomeEmails: 0,
        fulfilled: 0,
      });

      await proxy.restore();
      // the pool reconnects by itself: the first request after the outage already succeeds
      const retry = await deliver(C, payload);
      expect(retry).toEqual({ status: 200, body: { received: true } });
      expect(await health()).toBe(200);
      const again = await deliver(A, payload);
      expect(again.body).toEqual({ received: true, duplicate: true });
      expect(await effects(user.id, user.email, event.id)).toEqual({
        payments: 1,
        webhookEvents: 1,
        welcomeEmails: 1,
        fulfilled: 1,
      });
    }, 60_000);
  });
});
