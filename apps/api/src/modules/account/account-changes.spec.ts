import jwt from 'jsonwebtoken';
import request from 'supertest';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { createTestApp, TestClock, type TTestApp } from '../../../test/support/test-app';
import { startTestSmtp, type TTestSmtp } from '../../../test/support/test-smtp';
import { hashToken } from '../auth/tokens';
import { CHANGE_LIMITS, NEW_ADDRESS_TAKEN, WRONG_CURRENT_PASSWORD } from './account-changes.service';

/**
 * Change password and change email (issue 18 item 8; docs/product.md, "Changing the password or the email
 * address"), on PostgreSQL with the emails delivered over SMTP in the test process.
 */
describe('account changes: password and email address', () => {
  let t: TTestApp;
  let smtp: TTestSmtp;
  const clock = new TestClock();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ clock, env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const db = () => t.database.db;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const post = (path: string, token?: string, ip = '203.0.113.7') =>
    request(t.app)
      .post(path)
      .set(token ? auth(token) : {})
      .set('X-Forwarded-For', ip);
  async function deliver() {
    while ((await t.deps.services.mailWorker!.runOnce()) > 0);
  }
  const mailsTo = (email: string) =>
    smtp.messages.filter((m) => (m.to as { text: string }).text.toLowerCase().includes(email.toLowerCase()));

  async function account(overrides = {}) {
    const body = makeRegisterRequest(overrides);
    const reg = await post('/api/account/register').send(body);
    expect(reg.status).toBe(201);
    const row = await db().user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
    await deliver();
    return { ...body, id: row.id, token: reg.body.token as string };
  }
  async function login(u: { username: string; password: string }) {
    const res = await post('/api/account/login').send({ usernameOrEmail: u.username, password: u.password });
    expect(res.status).toBe(200);
    return res.body.token as string;
  }
  const settings = (token: string) => request(t.app).get('/api/account/settings').set(auth(token));

  describe('change password', () => {
    it('needs the current password; ends every other session and keeps this one with a fresh token', async () => {
      const u = await account();
      const other = await login(u);
      const handle = (await post('/api/account/save-session', other).send({})).body.userId as string;
      await post('/api/account/forgotpassword').send({ email: u.email });
      await t.deps.services.accounts.idle();
      const before = await db().user.findUniqueOrThrow({ where: { id: u.id } });

      const res = await post('/api/account/change-password', u.token).send({
        currentPassword: u.password,
        password: 'Nowe-haslo-42',
        confirmPassword: 'Nowe-haslo-42',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ username: u.username, email: u.email });
      const fresh = res.body.token as string;
      // the same session (sid) as the token that asked, at the new token version
      const [was, now] = [jwt.decode(u.token), jwt.decode(fresh)] as jwt.JwtPayload[];
      expect(now.sid).toBe(was.sid);
      expect(now.ver).toBe(was.ver + 1);

      const after = await db().user.findUniqueOrThrow({ where: { id: u.id } });
      expect(after.passwordHash).not.toBe(before.passwordHash);
      expect(after.tokenVersion).toBe(before.tokenVersion + 1);
      const sessions = await db().session.findMany({
        where: { userId: u.id },
        orderBy: { createdAt: 'asc' },
      });
      expect(sessions.map((s) => s.id === was.sid || s.revokedAt !== null)).toEqual([true, true]);
      expect(sessions.find((s) => s.id === was.sid)!.revokedAt).toBeNull();
      expect(await db().savedSession.count({ where: { userId: u.id } })).toBe(0);
      // the reset link sent before is spent
      expect(
        await db().oneTimeToken.count({ where: { userId: u.id, purpose: 'RESET_PASSWORD', usedAt: null } }),
      ).toBe(0);

      // the fresh token works; the old one of this session, the other session's, and its handle do not
      expect((await settings(fresh)).status).toBe(200);
      expect((await settings(u.token)).body.code).toBe('session_expired');
      expect((await settings(other)).body.code).toBe('session_expired');
      expect((await request(t.app).get(`/api/account/get-session/${handle}`)).status).toBe(404);

      // the new password signs in, the old one does not
      expect(
        (await post('/api/account/login').send({ usernameOrEmail: u.username, password: u.password })).status,
      ).toBe(401);
      await login({ username: u.username, password: 'Nowe-haslo-42' });

      await deliver();
      const mail = mailsTo(u.email).find((m) => m.subject === 'Your password was changed');
      expect(mail?.text).toContain('The password of your account was just changed');
      // this browser stays signed in: the email speaks of the other devices only
      expect(mail?.text).toContain('every other device that was signed in has been signed out');
    });

    it('a wrong current password changes nothing (403 wrong_password)', async () => {
      const u = await account();
      const before = await db().user.findUniqueOrThrow({ where: { id: u.id } });
      const res = await post('/api/account/change-password', u.token).send({
        currentPassword: 'not-my-password',
        password: 'Nowe-haslo-42',
        confirmPassword: 'Nowe-haslo-42',
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'wrong_password', message: WRONG_CURRENT_PASSWORD });
      const after = await db().user.findUniqueOrThrow({ where: { id: u.id } });
      expect([after.passwordHash, after.tokenVersion]).toEqual([before.passwordHash, before.tokenVersion]);
      expect((await settings(u.token)).status).toBe(200);
      await deliver();
      expect(mailsTo(u.email).some((m) => m.subject === 'Your password was changed')).toBe(false);
    });

    it.each([
      [{ currentPassword: '' }, 'currentPassword', 'Please enter Current Password'],
      [{ password: 'abc' }, 'password', 'Password must be at least 6 characters long'],
      [{ password: 'x'.repeat(25) }, 'password', 'Password must be at most 24 characters'],
      [
        { password: 'aaaaaaa', confirmPassword: 'aaaaaaa' },
        'password',
        'Password must not be one character repeated',
      ],
      [{ confirmPassword: 'Other-haslo-42' }, 'confirmPassword', 'Passwords do not match'],
      [{ password: 'password1', confirmPassword: 'password1' }, 'password', 'too common'],
    ])('refuses %j with the validation answer', async (change, field, message) => {
      const u = await account();
      const res = await post('/api/account/change-password', u.token).send({
        currentPassword: u.password,
        password: 'Nowe-haslo-42',
        confirmPassword: 'Nowe-haslo-42',
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.errors[field].join(' ')).toContain(message);
      const after = await db().user.findUniqueOrThrow({ where: { id: u.id } });
      expect(after.tokenVersion).toBe(0);
    });

    it('refuses the username as the new password', async () => {
      const u = await account({ password: 'Kr0wa-na-lace' });
      const name = u.username.slice(0, 24);
      await db().user.update({ where: { id: u.id }, data: { username: name } });
      const res = await post('/api/account/change-password', u.token).send({
        currentPassword: u.password,
        password: name,
        confirmPassword: name,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors.password).toContain('Password must not be the same as the username');
    });

    it('needs a signed-in user and is limited per account', async () => {
      expect((await post('/api/account/change-password').send({})).status).toBe(401);
      const u = await account();
      const wrong = {
        currentPassword: 'nope-nope',
        password: 'Nowe-haslo-42',
        confirmPassword: 'Nowe-haslo-42',
      };
      for (let i = 0; i < CHANGE_LIMITS.password.max; i++) {
        expect((await post('/api/account/change-password', u.token).send(wrong)).status).toBe(403);
      }
      const res = await post('/api/account/change-password', u.token).send({
        ...wrong,
        currentPassword: u.password,
      });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await db().user.findUniqueOrThrow({ where: { id: u.id } })).tokenVersion).toBe(0);
    });
  });

  describe('change email', () => {
    const linkOf = (email: string) => {
      const mail = mailsTo(email).find((m) => m.subject === 'Confirm your new email address');
      const link = mail && smtp.linksOf(mail).find((l) => l.includes('/confirm-email-change'));
      if (!link) throw new Error(`no change link to ${email}`);
      const url = new URL(link);
      return {
        path: url.pathname,
        token: url.searchParams.get('token')!,
        userid: url.searchParams.get('userid')!,
      };
    };

    it('sends a single-use link to the new address; the address changes only when it is opened', async () => {
      const u = await account();
      // a reset link and a confirmation link sent to the old address
      await post('/api/account/forgotpassword').send({ email: u.email });
      await t.deps.services.accounts.idle();
      const newEmail = `New_${u.username}@example.test`;
      const res = await post('/api/account/change-email', u.token).send({
        newEmail,
        currentPassword: u.password,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toContain('We have sent a confirmation link to the new address');

      // nothing changed yet
      const pending = await db().user.findUniqueOrThrow({ where: { id: u.id } });
      expect(pending.email).toBe(u.email);
      const token = await db().oneTimeToken.findFirstOrThrow({
        where: { userId: u.id, purpose: 'CHANGE_EMAIL' },
      });
      expect(token.newEmail).toBe(newEmail);
      // valid for 24 hours from the request (the test clock does not move in between)
      expect(token.expiresAt.getTime() - clock.now().getTime()).toBe(24 * 3600_000);

      await deliver();
      const link = linkOf(newEmail);
      expect(link.path).toBe('/confirm-email-change');
      expect(link.userid).toBe(u.id);
      // only the hash is stored
      expect(token.tokenHash).toBe(hashToken(link.token));
      expect(mailsTo(u.email).some((m) => m.subject === 'Your email address was changed')).toBe(false);

      const ok = await post('/api/account/confirm-email-change').send({
        token: link.token,
        userid: link.userid,
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: 'Your email address has been changed' });
      const changed = await db().user.findUniqueOrThrow({ where: { id: u.id } });
      expect([changed.email, changed.emailKey, changed.emailConfirmed]).toEqual([
        newEmail,
        newEmail.toLowerCase(),
        true,
      ]);
      // every link of the account is spent: the change link, the confirmation and reset links to the old address
      expect(await db().oneTimeToken.count({ where: { userId: u.id, usedAt: null } })).toBe(0);
      expect((await settings(u.token)).body.emailAddress).toBe(newEmail);

      // the notice to the old address names the new one
      await deliver();
      const notice = mailsTo(u.email).find((m) => m.subject === 'Your email address was changed');
      expect(notice?.text).toContain(newEmail);

      // single use
      const again = await post('/api/account/confirm-email-change').send({
        token: link.token,
        userid: link.userid,
      });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('invalid_link');
      // the new address signs in
      const signIn = await post('/api/account/login').send({
        usernameOrEmail: newEmail,
        password: u.password,
      });
      expect(signIn.status).toBe(200);
    });

    it('an expired link or a link replaced by a newer request changes nothing', async () => {
      const u = await account();
      const first = `first_${u.username}@example.test`;
      const second = `second_${u.username}@example.test`;
      await post('/api/account/change-email', u.token).send({ newEmail: first, currentPassword: u.password });
      await post('/api/account/change-email', u.token).send({
        newEmail: second,
        currentPassword: u.password,
      });
      await deliver();
      const replaced = linkOf(first);
      const res = await post('/api/account/confirm-email-change').send({
        token: replaced.token,
        userid: u.id,
      });
      expect(res.body.code).toBe('invalid_link');

      clock.advance(24 * 3600_000 + 1000);
      try {
        const late = linkOf(second);
        const expired = await post('/api/account/confirm-email-change').send({
          token: late.token,
          userid: u.id,
        });
        expect(expired.status).toBe(400);
        expect(expired.body.code).toBe('invalid_link');
      } finally {
        clock.advance(-(24 * 3600_000 + 1000));
      }
      expect((await db().user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(u.email);
    });

    it('a taken address gets the same answer, no link, and a notice to that address', async () => {
      const owner = await account();
      const u = await account();
      const res = await post('/api/account/change-email', u.token).send({
        newEmail: owner.email.toUpperCase(),
        currentPassword: u.password,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toContain('We have sent a confirmation link to the new address');
      expect(await db().oneTimeToken.count({ where: { userId: u.id, purpose: 'CHANGE_EMAIL' } })).toBe(0);
      await deliver();
      const toOwner = mailsTo(owner.email);
      expect(toOwner.some((m) => m.subject === 'Confirm your new email address')).toBe(false);
      const notice = toOwner.find((m) => m.subject === 'This address already has an account');
      expect(notice).toBeDefined();
      // the notice names no account: neither the asking username nor its address
      expect(notice!.text).not.toContain(u.username);
      expect(notice!.text).not.toContain(u.email);
      expect((await db().user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(u.email);
    });

    it('an address taken after the link was sent is refused at confirmation (email_taken), nothing changes', async () => {
      const u = await account();
      const wanted = `wanted_${u.username}@example.test`;
      await post('/api/account/change-email', u.token).send({
        newEmail: wanted,
        currentPassword: u.password,
      });
      await deliver();
      const link = linkOf(wanted);
      await account({ email: wanted });
      const res = await post('/api/account/confirm-email-change').send({
        token: link.token,
        userid: link.userid,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'email_taken', message: NEW_ADDRESS_TAKEN });
      expect((await db().user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(u.email);
    });

    it('refuses a wrong password, its own address and invalid fields', async () => {
      const u = await account();
      const wrong = await post('/api/account/change-email', u.token).send({
        newEmail: `x_${u.email}`,
        currentPassword: 'wrong-one',
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe('wrong_password');
      const same = await post('/api/account/change-email', u.token).send({
        newEmail: u.email.toUpperCase(),
        currentPassword: u.password,
      });
      expect(same.status).toBe(400);
      expect(same.body.errors).toEqual({ newEmail: ['This is already your email address'] });
      const bad = await post('/api/account/change-email', u.token).send({
        newEmail: 'nope',
        currentPassword: '',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({
        newEmail: ['Please enter a valid Email Address'],
        currentPassword: ['Please enter Current Password'],
      });
      expect(await db().oneTimeToken.count({ where: { userId: u.id, purpose: 'CHANGE_EMAIL' } })).toBe(0);
      const bogus = await post('/api/account/confirm-email-change').send({
        token: 'abc',
        userid: 'not-a-uuid',
      });
      expect(bogus.body.code).toBe('invalid_link');
    });

    it('is limited per account', async () => {
      const u = await account();
      for (let i = 0; i < CHANGE_LIMITS.email.max; i++) {
        const res = await post('/api/account/change-email', u.token).send({
          newEmail: `n${i}_${u.email}`,
          currentPassword: u.password,
        });
        expect(res.status).toBe(200);
      }
      const res = await post('/api/account/change-email', u.token).send({
        newEmail: `last_${u.email}`,
        currentPassword: u.password,
      });
      expect(res.status).toBe(429);
      expect(await db().oneTimeToken.count({ where: { userId: u.id, purpose: 'CHANGE_EMAIL' } })).toBe(
        CHANGE_LIMITS.email.max,
      );
    });
  });
});
