import request from 'supertest';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { createTestApp, TestClock, type TTestApp } from '../../../test/support/test-app';
import { bcryptHasher, type TPasswordHasher } from '../auth/passwords';

/**
 * The abuse findings of the penetration test (issue 13, items 5, 6, 7, 12, 13, 14 and 15): password guessing that
 * locks owners out, unauthenticated bcrypt work, registration probing, forgot-password timing, weak passwords,
 * look-alike usernames and rate-limit rows. Each test replays the attack over HTTP.
 */

/** A real bcrypt (cost 4) that counts its calls and can hold hashes back, to observe the work and its queueing. */
class ObservedHasher implements TPasswordHasher {
  private readonly real = bcryptHasher(4);
  hashCalls = 0;
  verifyCalls = 0;
  running = 0;
  maxRunning = 0;
  holdHashes = false;
  readonly events: string[] = [];
  private held: (() => void)[] = [];

  async hash(password: string): Promise<string> {
    this.hashCalls += 1;
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    this.events.push('hash:start');
    try {
      if (this.holdHashes) await new Promise<void>((resolve) => this.held.push(resolve));
      return await this.real.hash(password);
    } finally {
      this.running -= 1;
      this.events.push('hash:end');
    }
  }

  async verify(password: string, hash: string): Promise<boolean> {
    this.verifyCalls += 1;
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    this.events.push('verify:start');
    try {
      return await this.real.verify(password, hash);
    } finally {
      this.running -= 1;
      this.events.push('verify:end');
    }
  }

  get heldCount(): number {
    return this.held.length;
  }

  release(): void {
    this.holdHashes = false;
    for (const r of this.held.splice(0)) r();
  }
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('account abuse (issue 13)', () => {
  let t: TTestApp;
  const clock = new TestClock();
  const hasher = new ObservedHasher();

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      overrides: { hasher },
      // the product's default sign-up limit (the test environment raises it for the other suites)
      env: { TRUST_PROXY: 'true', REGISTER_RATE_LIMIT: undefined },
    });
  });
  afterAll(async () => {
    hasher.release();
    await t.close();
  });

  const db = () => t.database.db;
  let nextAddress = 1;
  /** A fresh client address (documentation range 198.18.0.0/15), so limits of one test do not touch another. */
  const address = () => {
    const n = nextAddress++;
    return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };

  async function register(overrides: Parameters<typeof makeRegisterRequest>[0] = {}, ip = address()) {
    const body = makeRegisterRequest(overrides);
    const res = await request(t.app).post('/api/account/register').set('X-Forwarded-For', ip).send(body);
    return { body, res };
  }
  function login(ip: string, usernameOrEmail: string, password: string) {
    return request(t.app)
      .post('/api/account/login')
      .set('X-Forwarded-For', ip)
      .send({ usernameOrEmail, password });
  }
  /** A wrong guess that is really checked: waits out the address's delay first (the clock is the test's). */
  async function guess(ip: string, usernameOrEmail: string, password: string) {
    for (let i = 0; i < 50; i++) {
      const r = await login(ip, usernameOrEmail, password);
      if (r.status !== 429) return r;
      clock.advance(Number(r.headers['retry-after']) * 1000);
    }
    throw new Error('still slowed down after 50 waits');
  }

  describe('5. password guessing cannot lock the owner out', () => {
    it('20 wrong guesses from 4 addresses, then the owner at a fifth address logs in', async () => {
      const { body } = await register();
      for (let a = 0; a < 4; a++) {
        const ip = address();
        for (let i = 0; i < 5; i++) {
          const r = await guess(ip, body.username, `wrong-${a}-${i}`);
          expect(r.status).toBe(401);
        }
      }
      const owner = await login(address(), body.username, body.password);
      expect(owner.status).toBe(200);
      expect(owner.body.username).toBe(body.username);
    });

    it('counts guesses on the account, whatever the spelling of the username or email, and slows them progressively', async () => {
      const { body } = await register();
      const ip = address();
      const spellings = [
        body.username,
        body.email,
        body.username.toUpperCase(),
        ` ${body.email.toUpperCase()} `,
      ];
      const waits: number[] = [];
      for (let i = 0; i < 12; i++) {
        const id = spellings[i % spellings.length];
        const r = await login(ip, id, `wrong-${i}`);
        if (r.status === 429) {
          expect(r.body.code).toBe('rate_limited');
          expect(r.body.message).toBe('Too many failed login attempts. Please try again later.');
          const wait = Number(r.headers['retry-after']);
          waits.push(wait);
          clock.advance(wait * 1000);
          i -= 1;
          continue;
        }
        expect(r.status).toBe(401);
      }
      // a few free tries, then a delay that grows with each failure (never a lock of fixed length)
      expect(waits.length).toBeGreaterThanOrEqual(6);
      for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]);
      expect(waits[waits.length - 1]).toBeGreaterThan(waits[0]);
      // inside its delay, even the right password from this address waits; after it, it works
      const inside = await login(ip, body.username, body.password);
      expect(inside.status).toBe(429);
      clock.advance(Number(inside.headers['retry-after']) * 1000);
      expect((await login(ip, body.email, body.password)).status).toBe(200);
    });

    it("a success clears that address's failures", async () => {
      const { body } = await register();
      const ip = address();
      for (let round = 0; round < 3; round++) {
        expect((await login(ip, body.username, 'typo-1')).status).toBe(401);
        expect((await login(ip, body.username, 'typo-2')).status).toBe(401);
        expect((await login(ip, body.username, body.password)).status).toBe(200);
      }
    });

    it('the delay never exceeds 15 minutes', async () => {
      const { body } = await register();
      const ip = address();
      let longest = 0;
      for (let i = 0; i < 30; i++) {
        const r = await login(ip, body.username, `wrong-${i}`);
        if (r.status === 429) {
          const wait = Number(r.headers['retry-after']);
          longest = Math.max(longest, wait);
          clock.advance(wait * 1000);
        }
      }
      expect(longest).toBeGreaterThan(60);
      expect(longest).toBeLessThanOrEqual(15 * 60);
    });

    it('an account under attack from many addresses slows only the failing addresses', async () => {
      const { body } = await register();
      const attackers = Array.from({ length: 12 }, () => address());
      for (const ip of attackers) expect((await login(ip, body.username, 'guess-1')).status).toBe(401);
      // from the 10th failure on the account, every failure starts its address's delay at once ...
      const second = [];
      for (const ip of attackers) second.push((await login(ip, body.username, 'guess-2')).status);
      expect(second).toEqual([...Array(9).fill(401), 429, 429, 429]);
      for (const ip of attackers) {
        const r = await login(ip, body.username, 'guess-3');
        expect(r.status).toBe(429);
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      // ... while an address that has not failed for this account is answered as usual
      expect((await login(address(), body.username, 'first-try-here')).status).toBe(401);
      expect((await login(address(), body.email, body.password)).status).toBe(200);
    });

    it('treats an unknown account like a known one (no enumeration through the delays)', async () => {
      const { body } = await register();
      const statuses = async (id: string) => {
        const ip = address();
        const out: number[] = [];
        for (let i = 0; i < 8; i++) out.push((await login(ip, id, `wrong-${i}`)).status);
        return out;
      };
      const known = await statuses(body.username);
      const unknown = await statuses(`nobody_${Date.now()}`);
      expect(unknown).toEqual(known);
      expect(known).toContain(429);
    });
  });

  describe('6. unauthenticated bcrypt work', () => {
    it('a burst of bogus resets does no bcrypt work and is limited per address', async () => {
      const { body } = await register();
      const user = await db().user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
      const ip = address();
      const before = hasher.hashCalls;
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) {
        const r = await request(t.app)
          .post('/api/account/resetpassword')
          .set('X-Forwarded-For', ip)
          .send({
            password: `Nowe-Haslo-${i}x`,
            confirmPassword: `Nowe-Haslo-${i}x`,
            token: `bogus-token-${i}`,
            userid: user.id,
          });
        statuses.push(r.status);
        if (r.status === 400) expect(r.body.code).toBe('invalid_link');
      }
      expect(hasher.hashCalls).toBe(before);
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
      // the password is unchanged
      expect((await login(address(), body.username, body.password)).status).toBe(200);
    });

    it('a login still gets a bcrypt slot while registrations queue for theirs', async () => {
      const { body } = await register();
      hasher.holdHashes = true;
      hasher.maxRunning = 0;
      hasher.events.length = 0;
      const burst = Array.from({ length: 8 }, () => register());
      // the registrations' hashes take the shared slots and wait; the rest queue without starting
      await until(() => hasher.heldCount >= 2, 'two held hashes');
      await new Promise((r) => setTimeout(r, 50));
      expect(hasher.heldCount).toBe(2);
      const owner = await login(address(), body.username, body.password);
      expect(owner.status).toBe(200);
      // the login's verify ran while every registration was still waiting for its hash
      expect(hasher.events.filter((e) => e === 'hash:end')).toHaveLength(0);
      expect(hasher.events).toContain('verify:end');
      hasher.release();
      const done = await Promise.all(burst);
      expect(done.map((d) => d.res.status)).toEqual(Array(8).fill(201));
      expect(hasher.maxRunning).toBeLessThanOrEqual(3);
    });
  });

  describe('7. registration probing', () => {
    it('refuses a taken email after the same bcrypt work as a success', async () => {
      const { body } = await register();
      const before = hasher.hashCalls;
      const taken = await register({ email: body.email });
      expect(taken.res.status).toBe(400);
      expect(taken.res.body.errors.email).toEqual(['An account with this email already exists']);
      expect(hasher.hashCalls).toBe(before + 1);
      const fresh = await register();
      expect(fresh.res.status).toBe(201);
      expect(hasher.hashCalls).toBe(before + 2);
    });

    it('answers 429 after 20 sign-ups from one address within an hour, creating nothing', async () => {
      const ip = address();
      for (let i = 0; i < 20; i++) expect((await register({}, ip)).res.status).toBe(201);
      const users = await db().user.count();
      const refused = await register({}, ip);
      expect(refused.res.status).toBe(429);
      expect(refused.res.body.code).toBe('rate_limited');
      expect(refused.res.body.message).toBe('Too many sign-up attempts. Please try again later.');
      expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await db().user.count()).toBe(users);
      // another address is not affected; after the hour this one can sign up again
      expect((await register()).res.status).toBe(201);
      clock.advance(3601 * 1000);
      expect((await register({}, ip)).res.status).toBe(201);
    });

    it('answers 429 after 5 attempts for one email from any addresses', async () => {
      const { body } = await register();
      for (let i = 0; i < 4; i++) expect((await register({ email: body.email })).res.status).toBe(400);
      const refused = await register({ email: body.email.toUpperCase() });
      expect(refused.res.status).toBe(429);
      expect(refused.res.body.code).toBe('rate_limited');
    });
  });

  describe('12. forgot-password does the same work for known and unknown emails', () => {
    it('answers before looking the address up, then emails only the known one', async () => {
      const { body } = await register();
      const accounts = t.deps.services.accounts;
      const findUnique = jest.spyOn(db().user, 'findUnique');
      const transaction = jest.spyOn(db(), '$transaction');
      const calls = () => [findUnique.mock.calls.length, transaction.mock.calls.length];
      /** What one request did before its answer, and after it. */
      const work = async (email: string) => {
        const start = calls();
        await accounts.forgotPassword(email, address());
        const answered = calls();
        await accounts.idle();
        const after = calls();
        return {
          beforeAnswer: answered.map((n, i) => n - start[i]),
          afterAnswer: after.map((n, i) => n - answered[i]),
        };
      };
      try {
        const known = await work(body.email);
        const unknown = await work(`nobody_${Date.now()}@example.test`);
        // nothing that depends on the account happens before either answer: the same work for both
        expect(known.beforeAnswer).toEqual([0, 0]);
        expect(unknown.beforeAnswer).toEqual([0, 0]);
        // after the answer: the look-up for both, the link (one transaction) for the known address only
        expect(known.afterAnswer).toEqual([1, 1]);
        expect(unknown.afterAnswer).toEqual([1, 0]);
      } finally {
        findUnique.mockRestore();
        transaction.mockRestore();
      }
      const reset = await db().emailOutbox.findMany({
        where: { to: body.email, subject: 'Reset your password' },
      });
      expect(reset).toHaveLength(1);
    });
  });

  describe('13. passwords', () => {
    let n = 0;
    /** Short username and email, so that either fits in a password of at most 24 characters. */
    const short = () => {
      n += 1;
      const id = `${Date.now().toString(36)}${n}`;
      return makeRegisterRequest({ username: `pw_${id}`, email: `m${id}@ex.pl` });
    };
    const SAME_EMAIL = 'Password must not be the same as the email address or the part before the @';

    it.each([
      [
        'the username',
        (b: { username: string }) => b.username.toUpperCase(),
        'Password must not be the same as the username',
      ],
      ['the email', (b: { email: string }) => b.email, SAME_EMAIL],
      [
        'the email part before the @',
        (b: { email: string }) => b.email.split('@')[0].toUpperCase(),
        SAME_EMAIL,
      ],
    ])('refuses a password equal to %s (ignoring case) at registration', async (_what, pick, message) => {
      const base = short();
      const password = pick(base as { username: string; email: string });
      const { res } = await register({ ...base, password, confirmPassword: password });
      expect(res.status).toBe(400);
      expect(res.body.errors.password).toContain(message);
      expect(await db().user.count({ where: { emailKey: base.email.toLowerCase() } })).toBe(0);
    });

    it('refuses a password of one repeated character', async () => {
      const { res } = await register({ password: 'zzzzzzzz', confirmPassword: 'zzzzzzzz' });
      expect(res.status).toBe(400);
      expect(res.body.errors.password).toContain('Password must not be one character repeated');
    });

    it('refuses a reset to the username or email, leaving the link usable', async () => {
      const { body } = await register({ username: `resetter_${Date.now().toString(36)}` });
      expect(body.username.length).toBeLessThanOrEqual(24);
      await t.deps.services.accounts.forgotPassword(body.email, address());
      await t.deps.services.accounts.idle();
      const mail = await db().emailOutbox.findFirstOrThrow({
        where: { to: body.email, subject: 'Reset your password' },
      });
      const link = new URL(/http:\/\/\S+reset-password\S+/.exec(mail.text)![0]);
      const params = { token: link.searchParams.get('token')!, userid: link.searchParams.get('userid')! };
      const same = await request(t.app)
        .post('/api/account/resetpassword')
        .set('X-Forwarded-For', address())
        .send({ ...params, password: body.username, confirmPassword: body.username });
      expect(same.status).toBe(400);
      expect(same.body.errors.password).toEqual(['Password must not be the same as the username']);
      const ok = await request(t.app)
        .post('/api/account/resetpassword')
        .set('X-Forwarded-For', address())
        .send({ ...params, password: 'Zupelnie-Nowe-9', confirmPassword: 'Zupelnie-Nowe-9' });
      expect(ok.status).toBe(200);
    });
  });

  describe('14. look-alike usernames', () => {
    const CONFUSABLE = 'This username looks too much like an existing one. Please choose another.';

    it.each([
      ['Cyrillic а for Latin a', 'anna_k', 'аnna_k'],
      ['full-width letters', 'kasia', 'ｋａｓｉａ'],
      ['dotless ı', 'igor_p', 'ıgor_p'],
    ])('refuses %s when the look-alike exists', async (_what, original, lookAlike) => {
      const suffix = Date.now().toString(36);
      expect((await register({ username: `${original}${suffix}` })).res.status).toBe(201);
      const users = await db().user.count();
      const { res } = await register({ username: `${lookAlike}${suffix}` });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('username_confusable');
      expect(res.body.errors.username).toEqual([CONFUSABLE]);
      expect(await db().user.count()).toBe(users);
    });

    it('accepts a normal distinct username and stores usernames in NFKC form', async () => {
      const suffix = Date.now().toString(36);
      expect((await register({ username: `marek${suffix}` })).res.status).toBe(201);
      const distinct = await register({ username: `marta${suffix}` });
      expect(distinct.res.status).toBe(201);
      const wide = await register({ username: `ｍｉｌａ${suffix}` });
      expect(wide.res.status).toBe(201);
      expect(wide.res.body.username).toBe(`mila${suffix}`);
      // and the full-width spelling logs in to it
      expect((await login(address(), `ｍｉｌａ${suffix}`, wide.body.password)).status).toBe(200);
    });

    it('lets only one of two look-alikes registered at the same moment in', async () => {
      const suffix = Date.now().toString(36);
      const other = await createTestApp({ clock, database: t.database, env: { TRUST_PROXY: 'true' } });
      try {
        const a = makeRegisterRequest({ username: `olek${suffix}` });
        const b = makeRegisterRequest({ username: `оlek${suffix}` }); // Cyrillic о
        const [ra, rb] = await Promise.all([
          request(t.app).post('/api/account/register').set('X-Forwarded-For', address()).send(a),
          request(other.app).post('/api/account/register').set('X-Forwarded-For', address()).send(b),
        ]);
        expect([ra.status, rb.status].sort()).toEqual([201, 400]);
        const refused = ra.status === 400 ? ra : rb;
        expect(refused.body.code).toBe('username_confusable');
      } finally {
        await other.close();
      }
    });
  });

  describe('15. rate-limit rows', () => {
    it('a refused forgot-password request adds no row', async () => {
      const ip = address();
      for (let i = 0; i < 20; i++) {
        const r = await request(t.app)
          .post('/api/account/forgotpassword')
          .set('X-Forwarded-For', ip)
          .send({ email: `probe${i}_${Date.now()}@example.test` });
        expect(r.status).toBe(200);
      }
      const rows = await db().rateLimitBucket.count();
      for (let i = 0; i < 5; i++) {
        const r = await request(t.app)
          .post('/api/account/forgotpassword')
          .set('X-Forwarded-For', ip)
          .send({ email: `refused${i}_${Date.now()}@example.test` });
        expect(r.status).toBe(429);
      }
      expect(await db().rateLimitBucket.count()).toBe(rows);
    });

    it('a refused login adds no row and changes no count', async () => {
      const { body } = await register();
      const ip = address();
      let r = await login(ip, body.username, 'wrong-0');
      for (let i = 1; r.status !== 429 && i < 20; i++) r = await login(ip, body.username, `wrong-${i}`);
      expect(r.status).toBe(429);
      const snapshot = async () =>
        (await db().rateLimitBucket.findMany({ orderBy: { key: 'asc' } })).map((b) => `${b.key}=${b.count}`);
      const before = await snapshot();
      for (let i = 0; i < 3; i++) expect((await login(ip, body.username, 'again')).status).toBe(429);
      expect(await snapshot()).toEqual(before);
    });

    it('a refused word check changes no count', async () => {
      // the first check loads the spelling dictionary (several seconds in tests)
      const small = await createTestApp({
        clock,
        database: t.database,
        env: { TRUST_PROXY: 'true', WORD_CHECK_RATE_LIMIT: '2' },
      });
      try {
        const ip = address();
        const check = () =>
          request(small.app).post('/api/word-checker/check').set('X-Forwarded-For', ip).send({ text: 'kot' });
        expect((await check()).status).toBe(200);
        expect((await check()).status).toBe(200);
        const count = async () =>
          (await db().rateLimitBucket.findUnique({ where: { key: `word-checker:ip:${ip}` } }))?.count;
        expect(await count()).toBe(2);
        for (let i = 0; i < 3; i++) expect((await check()).status).toBe(429);
        expect(await count()).toBe(2);
      } finally {
        await small.close();
      }
    }, 60_000);
  });
});
