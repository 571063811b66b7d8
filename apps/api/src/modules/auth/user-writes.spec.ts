import request from 'supertest';
import { ROLES } from '@polski/contracts';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { UnwatchedWriteError } from '../../lib/user-writes';
import { startPaymentsHarness, type TPaymentsHarness } from '../../../test/support/payments-harness';

/**
 * Every write to what the user cache holds (users, roles, customers, progress, sessions) holds the user out of this
 * process's cache from before the write until the database announces it — by construction, in the database
 * client (lib/user-writes.ts), not by each service remembering to. Here the announcements are held back for the
 * whole write and the read after it: a write path that bypassed the hold would be read back stale from the cache.
 * One test per write the product makes.
 */
describe('writes to what the user cache holds are seen at once, whatever the change notification does', () => {
  let h: TPaymentsHarness;
  /** Change notifications held back while `holding`; applied when released. */
  let holding = false;
  const held: (() => void)[] = [];
  const users = () => h.t.deps.services.users;

  beforeAll(async () => {
    h = await startPaymentsHarness({
      overrides: { deliverUserChanges: (apply) => (holding ? held.push(apply) : apply()) },
    });
    await users().start();
    // the test database is PostgreSQL (LISTEN/NOTIFY): the cache must be on, or nothing here tests anything
    expect(users().active).toBe(true);
  });
  afterAll(async () => {
    release();
    await h?.close();
  });
  afterEach(() => release());

  /**
   * Waits for the held notification: PostgreSQL delivers it on the listening connection after the commit, so it may
   * come after the answer (under load it does); the reads above were made before it either way.
   */
  async function notified() {
    for (let waited = 0; held.length === 0 && waited < 5000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    expect(held.length).toBeGreaterThan(0);
  }

  function release() {
    holding = false;
    for (const apply of held.splice(0)) apply();
  }

  const get = (url: string, token: string) =>
    request(h.t.app).get(url).set('Authorization', `Bearer ${token}`);
  const PREMIUM_LESSON = '/api/content/lessons/complete-beginner/complete-beginner-2';
  const FREE_LESSON = '/api/content/lessons/complete-beginner/complete-beginner-1';

  /** A signed-up user whose row (and progress) the cache holds, with notifications held back from now on. */
  async function cachedUser() {
    const user = await h.signUp();
    await users().sync();
    expect((await get(FREE_LESSON, user.token)).status).toBe(200);
    expect(users().peekUser(user.userId)).toBeDefined();
    expect(users().peekCompleted(user.userId)).toBeDefined();
    holding = true;
    return user;
  }

  it('a language change', async () => {
    const { token, userId } = await cachedUser();
    const put = await request(h.t.app)
      .put('/api/account/changelanguage')
      .set('Authorization', `Bearer ${token}`)
      .send({ newLanguage: 'de' });
    expect(put.status).toBe(200);
    expect(users().peekUser(userId)).toBeUndefined();
    expect((await get('/api/account/settings', token)).body.chosenNativeLanguage).toBe('de');
    await notified(); // the notification exists, and is being held back
  });

  it('lesson progress, marked and unmarked', async () => {
    const { token } = await cachedUser();
    const mark = await request(h.t.app)
      .post('/api/content/progress')
      .set('Authorization', `Bearer ${token}`)
      .send({ hub: 'complete-beginner', slug: 'complete-beginner-1' });
    expect(mark.status).toBe(200);
    expect((await get(FREE_LESSON, token)).body.completed).toBe(true);
    const unmark = await request(h.t.app)
      .delete('/api/content/progress')
      .set('Authorization', `Bearer ${token}`)
      .send({ hub: 'complete-beginner', slug: 'complete-beginner-1' });
    expect(unmark.status).toBe(200);
    expect((await get(FREE_LESSON, token)).body.completed).toBe(false);
  });

  it('access granted by a payment and ended by its refund', async () => {
    const { token, userId } = await cachedUser();
    expect((await get(PREMIUM_LESSON, token)).status).toBe(403);
    // the buyer's customer is created, the checkout paid, the webhook fulfils it (access recompute)
    const res = await h.checkout(token, 'price_once_yearly_usd');
    expect(res.status).toBe(200);
    h.emulator.completeCheckout(res.body.sessionId);
    await h.emulator.waitForIdle();
    expect((await get(PREMIUM_LESSON, token)).status).toBe(200);
    expect((await get('/api/payments/user-updated-roles', token)).body.roles).toContain(ROLES.premium);

    const session = await h.payments.stripe.checkout.sessions.retrieve(res.body.sessionId);
    await h.payments.stripe.refunds.create({ payment_intent: session.payment_intent as string });
    await h.emulator.waitForIdle();
    expect((await get(PREMIUM_LESSON, token)).status).toBe(403);
    expect(users().peekUser(userId)).toBeUndefined();
  });

  it('a role given by an operator through the database client', async () => {
    const { token, userId } = await cachedUser();
    expect((await get('/api/payments/fetch-stripe-subs', token)).status).toBe(403);
    const admin = await h.t.database.db.role.findUniqueOrThrow({ where: { name: ROLES.admin } });
    await h.t.database.db.userRole.create({ data: { userId, roleId: admin.id } });
    expect((await get('/api/payments/user-updated-roles', token)).body.roles).toContain(ROLES.admin);
    // and taken away again, by a write that does not name the user: the client looks the users up first
    await h.t.database.db.userRole.deleteMany({ where: { roleId: admin.id, user: { id: userId } } });
    expect((await get('/api/payments/user-updated-roles', token)).body.roles).not.toContain(ROLES.admin);
  });

  it('a password reset ends the sessions from before it', async () => {
    const { token, email } = await cachedUser();
    expect((await request(h.t.app).post('/api/account/forgotpassword').send({ email })).status).toBe(200);
    // the link is made just after the answer
    await h.t.deps.services.accounts.idle();
    const mail = await h.t.database.db.emailOutbox.findFirstOrThrow({
      where: { to: email, subject: 'Reset your password' },
    });
    const link = new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)![0]);
    const reset = await request(h.t.app)
      .post('/api/account/resetpassword')
      .send({
        password: 'Nowe-haslo-42',
        confirmPassword: 'Nowe-haslo-42',
        token: link.searchParams.get('token'),
        userid: link.searchParams.get('userid'),
      });
    expect(reset.status).toBe(200);
    const old = await get(FREE_LESSON, token);
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('session_expired');
  });

  it('a logout ends the session, and sign out everywhere every session, in the fast lane at once', async () => {
    const user = await cachedUser();
    holding = false;
    const again = await request(h.t.app)
      .post('/api/account/login')
      .send({ usernameOrEmail: user.username, password: makeRegisterRequest().password });
    expect(again.status).toBe(200);
    await users().sync();
    for (const token of [user.token, again.body.token])
      expect((await get(FREE_LESSON, token)).status).toBe(200);
    holding = true;
    const out = await request(h.t.app)
      .post('/api/account/logout')
      .set('Authorization', `Bearer ${user.token}`);
    expect(out.status).toBe(200);
    const old = await get(FREE_LESSON, user.token);
    expect({ status: old.status, code: old.body.code }).toEqual({ status: 401, code: 'session_expired' });
    await notified();
    expect((await get(FREE_LESSON, again.body.token)).status).toBe(200);
    const everywhere = await request(h.t.app)
      .post('/api/account/logout-everywhere')
      .set('Authorization', `Bearer ${again.body.token}`);
    expect(everywhere.status).toBe(200);
    expect((await get(FREE_LESSON, again.body.token)).status).toBe(401);
  });

  it('refuses a raw SQL write to a watched table, which would bypass the hold', async () => {
    const { userId } = await cachedUser();
    await expect(
      h.t.database.db.$executeRaw`UPDATE users SET native_language = 'fr' WHERE id = ${userId}::uuid`,
    ).rejects.toBeInstanceOf(UnwatchedWriteError);
    await expect(
      h.t.database.db.$executeRawUnsafe(`DELETE FROM lesson_progress WHERE user_id = '${userId}'`),
    ).rejects.toBeInstanceOf(UnwatchedWriteError);
    await expect(
      h.t.database.db.$executeRaw`UPDATE sessions SET revoked_at = now() WHERE user_id = ${userId}::uuid`,
    ).rejects.toBeInstanceOf(UnwatchedWriteError);
    await expect(
      h.t.database.db
        .$queryRaw`UPDATE users SET token_version = token_version + 1 WHERE id = ${userId}::uuid RETURNING id`,
    ).rejects.toBeInstanceOf(UnwatchedWriteError);
    // reads of those tables, and writes to others, go through
    expect(await h.t.database.db.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid`).toHaveLength(1);
    expect((await h.t.database.db.user.findUniqueOrThrow({ where: { id: userId } })).nativeLanguage).toBe(
      'en',
    );
  });
});
