import jwt from 'jsonwebtoken';
import pg from 'pg';
import request from 'supertest';
import { ERROR_CODES } from '@polski/contracts';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { workspacePath } from '../../lib/paths';
import { createTestApp, TestClock, type TTestApp } from '../../../test/support/test-app';
import { digestChanges, stateDigest } from '../../../test/reliability/state-digest';
import { SESSION_ENDED } from '../auth/auth.middleware';
import { hashToken } from '../auth/tokens';
import { loadCatalogue } from '../content/catalogue';

/**
 * Sessions (docs/product.md, "Sessions and tokens"): a logout ends the session its token belongs to, "sign out
 * everywhere" ends all of the user's sessions, every session ends 30 days after its sign-in whatever the refreshes,
 * and a payment-redirect handle carries only a live session of its own user at the token version it was saved
 * with. Each rule is checked on the paths a token is accepted on: Express (settings, the roles refresh) and the
 * fast lane of premium lessons, which answers from the user cache before Express.
 */
const DAY = 86_400_000;
const catalogue = loadCatalogue(workspacePath('content'));
const PREMIUM = catalogue.allLessons().find((l) => l.premium)!;
const LESSON_URL = `/api/content/lessons/${PREMIUM.hub}/${PREMIUM.slug}`;

async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('sessions: logout, sign out everywhere, the absolute lifetime and payment-redirect handles', () => {
  const clock = new TestClock();
  let t: TTestApp;
  let other: pg.Client;
  let sends: jest.SpyInstance;

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { TRUST_PROXY: 'true' } });
    await t.deps.services.users.start();
    await waitFor(() => t.deps.services.users.active, 'the user cache to listen');
    other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    sends = jest.spyOn(t.app.express.response, 'send');
  });
  afterAll(async () => {
    sends?.mockRestore();
    await other?.end();
    await t?.close();
  });

  const db = () => t.database.db;
  const users = () => t.deps.services.users;
  const auth = (token?: string) => (token ? { Authorization: `Bearer ${token}` } : {});
  const get = (path: string, token?: string) => request(t.app).get(path).set(auth(token));
  const post = (path: string, token?: string) => request(t.app).post(path).set(auth(token));
  const claims = (token: string) => jwt.decode(token) as jwt.JwtPayload;

  /** A lifetime premium reader signed up through the API (the registration's session), and a second login. */
  async function reader() {
    const body = makeRegisterRequest();
    const reg = await post('/api/account/register').send(body);
    expect(reg.status).toBe(201);
    const row = await db().user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
    const role = await db().role.findUniqueOrThrow({ where: { name: 'PremiumMember' } });
    await db().userRole.create({ data: { userId: row.id, roleId: role.id } });
    await db().user.update({ where: { id: row.id }, data: { premiumLifetime: true } });
    await users().sync();
    return { ...body, id: row.id, token: reg.body.token as string };
  }
  async function login(u: { username: string; password: string }) {
    const res = await post('/api/account/login').send({ usernameOrEmail: u.username, password: u.password });
    expect(res.status).toBe(200);
    return res.body.token as string;
  }
  async function save(token: string) {
    const res = await post('/api/account/save-session', token).send({});
    expect(res.status).toBe(200);
    return res.body.userId as string;
  }
  /** Reads the premium lesson twice; the second answer comes from the fast lane (Express never sends it). */
  async function readsFromFastLane(token: string, id: string) {
    // every change notification sent so far (a sign-in's new session row) has been heard: none can drop the user
    // from the cache between the two reads, however late the notifications arrive on a busy machine
    await users().sync();
    expect((await get(LESSON_URL, token)).status).toBe(200);
    sends.mockClear();
    const again = await get(LESSON_URL, token);
    expect({
      status: again.status,
      cached: users().peekUser(id) !== undefined,
      express: sends.mock.calls.length,
    }).toEqual({ status: 200, cached: true, express: 0 });
  }
  /** The token is refused with the session-ended answer on every path, and nothing of the lesson leaks. */
  async function expectEnded(who: string, token: string) {
    const seen = [];
    for (const [route, send] of [
      ['settings', () => get('/api/account/settings', token)],
      ['premium lesson', () => get(LESSON_URL, token)],
      ['premium lesson repeated (fast lane)', () => get(LESSON_URL, token)],
      ['roles refresh', () => get('/api/payments/user-updated-roles', token)],
      ['save-session', () => post('/api/account/save-session', token).send({})],
    ] as const) {
      const res = await send();
      seen.push({
        who,
        route,
        status: res.status,
        code: res.body?.code,
        message: res.body?.message,
        token: res.text.includes('"token"'),
        lesson: res.text.includes(PREMIUM.paragraphs[1].sentences[0].pl),
      });
    }
    expect(seen).toEqual(
      seen.map(({ route }) => ({
        who,
        route,
        status: 401,
        code: ERROR_CODES.sessionExpired,
        message: SESSION_ENDED,
        token: false,
        lesson: false,
      })),
    );
  }

  describe('logout', () => {
    it('ends the session of the token it is called with, everywhere, and leaves the other sessions alone', async () => {
      const u = await reader();
      const second = await login(u);
      expect(claims(second).sid).not.toBe(claims(u.token).sid);
      await readsFromFastLane(u.token, u.id);

      const out = await post('/api/account/logout', u.token).send({});
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ message: 'Logged out' });
      const ended = await db().session.findUniqueOrThrow({ where: { id: claims(u.token).sid as string } });
      expect(ended.revokedAt).not.toBeNull();

      await expectEnded('the logged-out token', u.token);
      // logging out twice: the second call is refused like any other request with that token
      expect((await post('/api/account/logout', u.token).send({})).body.code).toBe(
        ERROR_CODES.sessionExpired,
      );
      // the same user's other session still reads (from the fast lane again) and refreshes
      await readsFromFastLane(second, u.id);
      expect((await get('/api/payments/user-updated-roles', second)).status).toBe(200);
      expect(
        (await db().session.findUniqueOrThrow({ where: { id: claims(second).sid as string } })).revokedAt,
      ).toBeNull();
    });

    it('is refused without a token and changes nothing', async () => {
      const before = await stateDigest(db());
      const res = await post('/api/account/logout').send({});
      expect({ status: res.status, code: res.body.code }).toEqual({
        status: 401,
        code: ERROR_CODES.notSignedIn,
      });
      expect(digestChanges(before, await stateDigest(db()))).toEqual([]);
    });

    it('ends the handles saved in that session', async () => {
      const u = await reader();
      const handle = await save(u.token);
      expect((await post('/api/account/logout', u.token).send({})).status).toBe(200);
      const res = await get(`/api/account/get-session/${handle}`);
      expect({ status: res.status, code: res.body.code }).toEqual({
        status: 404,
        code: ERROR_CODES.savedSessionNotFound,
      });
    });
  });

  describe('sign out everywhere', () => {
    it('ends every session of the user and deletes their payment-redirect handles', async () => {
      const u = await reader();
      const second = await login(u);
      await readsFromFastLane(second, u.id);
      const handle = await save(second);
      const bystander = await reader();

      const out = await post('/api/account/logout-everywhere', u.token).send({});
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ message: 'Signed out everywhere' });
      expect(await db().savedSession.count({ where: { userId: u.id } })).toBe(0);
      expect(await db().session.count({ where: { userId: u.id, revokedAt: null } })).toBe(0);

      await expectEnded('the token that signed out everywhere', u.token);
      await expectEnded("the user's other session", second);
      expect((await get(`/api/account/get-session/${handle}`)).status).toBe(404);
      // another user is not affected; the owner signs in again
      await readsFromFastLane(bystander.token, bystander.id);
      await readsFromFastLane(await login(u), u.id);
    });
  });

  describe('the absolute lifetime', () => {
    it('refuses a token whose sign-in is 31 days old although it was refreshed yesterday; a refresh never extends it', async () => {
      const u = await reader();
      const signedIn = claims(u.token);
      expect(typeof signedIn.auth_time).toBe('number');
      expect(signedIn.auth_time).toBe(signedIn.iat);
      let token = u.token;
      // refreshed within every 7 days (each token lives 7), as the web app's start-up refresh would
      let previous = 0;
      for (const day of [6, 12, 18, 24, 29]) {
        clock.advance((day - previous) * DAY);
        previous = day;
        const res = await get('/api/payments/user-updated-roles', token);
        expect({ day, status: res.status }).toEqual({ day, status: 200 });
        token = res.body.token;
        const c = claims(token);
        expect({ day, sid: c.sid, authTime: c.auth_time }).toEqual({
          day,
          sid: signedIn.sid,
          authTime: signedIn.auth_time,
        });
        // never beyond 30 days from the sign-in
        expect(c.exp!).toBeLessThanOrEqual(signedIn.auth_time + 30 * 86_400);
      }
      await readsFromFastLane(token, u.id);
      // the token refreshed on day 29 ends with the session on day 30, not on day 36
      expect(claims(token).exp).toBe(signedIn.auth_time + 30 * 86_400);
      // day 30 plus one second
      clock.advance(DAY + 1000);
      await expectEnded('a session 30 days after its sign-in', token);

      // the same refused with a token the server itself signed yesterday with a 7-day expiry but the old sign-in time
      clock.advance(DAY - 1000);
      const now = Math.floor(clock.now().getTime() / 1000);
      const refreshedYesterday = jwt.sign(
        { ...claims(token), iat: now - 86_400, exp: now - 86_400 + 7 * 86_400 },
        t.config.jwtSecret,
        { algorithm: 'HS256' },
      );
      expect(claims(refreshedYesterday).auth_time).toBe(now - 31 * 86_400);
      await expectEnded('a session whose sign-in was 31 days ago, refreshed yesterday', refreshedYesterday);
    });

    it('refuses a token from before sessions existed (no sid): its owner signs in again once', async () => {
      const u = await reader();
      const { sid: _sid, auth_time: _at, ...old } = claims(u.token);
      const legacy = jwt.sign(old, t.config.jwtSecret, { algorithm: 'HS256' });
      await expectEnded('a token without a session', legacy);
      expect((await get('/api/account/settings', await login(u))).status).toBe(200);
    });
  });

  describe('payment-redirect handles', () => {
    it('do not survive a password reset: deleted in the reset and bound to the token version', async () => {
      const u = await reader();
      const parked = await save(u.token);
      const alsoParked = await save(u.token);
      expect(await db().savedSession.count({ where: { userId: u.id } })).toBe(2);
      expect((await post('/api/account/forgotpassword').send({ email: u.email })).status).toBe(200);
      // the link is made just after the answer
      await t.deps.services.accounts.idle();
      const mail = await db().emailOutbox.findFirstOrThrow({
        where: { to: u.email, subject: 'Reset your password' },
        orderBy: { createdAt: 'desc' },
      });
      const link = new URL(mail.text.match(/https?:\/\/\S+token=\S+/)![0]);
      const reset = await post('/api/account/resetpassword').send({
        password: 'Nowe-Haslo-42',
        confirmPassword: 'Nowe-Haslo-42',
        token: link.searchParams.get('token'),
        userid: link.searchParams.get('userid'),
      });
      expect(reset.status).toBe(200);
      expect(await db().savedSession.count({ where: { userId: u.id } })).toBe(0);
      for (const handle of [parked, alsoParked]) {
        const res = await get(`/api/account/get-session/${handle}`);
        expect({ status: res.status, code: res.body.code, token: res.text.includes('"token"') }).toEqual({
          status: 404,
          code: ERROR_CODES.savedSessionNotFound,
          token: false,
        });
      }

      // a token version moved on by anyone else (an operator in psql, another process): the handle is refused too
      const v = await reader();
      const handle = await save(v.token);
      await other.query('UPDATE users SET token_version = token_version + 1 WHERE id = $1::uuid', [v.id]);
      await users().sync();
      const res = await get(`/api/account/get-session/${handle}`);
      expect({ status: res.status, token: res.text.includes('"token"') }).toEqual({
        status: 404,
        token: false,
      });
    });

    it("are refused with session_other_account when the request carries another user's token, and nothing changes", async () => {
      const victim = await reader();
      const attacker = await reader();
      const handle = await save(attacker.token);
      const before = await stateDigest(db());
      // the attacker's handle opened in the victim's browser (login CSRF through the checkout return page)
      for (const attempt of ['first', 'repeated']) {
        const res = await get(`/api/account/get-session/${handle}`, victim.token);
        expect({
          attempt,
          status: res.status,
          code: res.body.code,
          token: res.text.includes('"token"'),
          leaked: res.text.includes(attacker.username),
        }).toEqual({
          attempt,
          status: 403,
          code: ERROR_CODES.sessionOtherAccount,
          token: false,
          leaked: false,
        });
      }
      expect(digestChanges(before, await stateDigest(db()))).toEqual([]);
      const row = await db().savedSession.findUniqueOrThrow({ where: { handleHash: hashToken(handle) } });
      expect(row.usedAt).toBeNull();
      // its owner, signed in, exchanges it once: the same session, the same sign-in time
      const mine = await get(`/api/account/get-session/${handle}`, attacker.token);
      expect(mine.status).toBe(200);
      expect(mine.body.username).toBe(attacker.username);
      expect(claims(mine.body.token)).toMatchObject({
        sid: claims(attacker.token).sid,
        auth_time: claims(attacker.token).auth_time,
      });
      expect((await get(`/api/account/get-session/${handle}`)).status).toBe(404);
      // a browser with nobody signed in gets the user behind the handle
      const fresh = await save(victim.token);
      const anonymous = await get(`/api/account/get-session/${fresh}`);
      expect({ status: anonymous.status, username: anonymous.body.username }).toEqual({
        status: 200,
        username: victim.username,
      });
    });
  });
});
