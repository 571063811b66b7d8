import jwt from 'jsonwebtoken';
import request from 'supertest';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { createTestApp, TestClock, TEST_ENV, type TTestApp } from '../../../test/support/test-app';
import { startTestSmtp, type TTestSmtp } from '../../../test/support/test-smtp';
import {
  FORGOT_PASSWORD_ANSWER,
  INVALID_CREDENTIALS,
  LOGIN_SLOWDOWN,
  TOO_MANY_LOGINS,
} from './account.service';

describe('account API', () => {
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
  const worker = () => t.deps.services.mailWorker!;
  async function register(overrides = {}) {
    const body = makeRegisterRequest(overrides);
    const res = await request(t.app).post('/api/account/register').send(body);
    return { body, res };
  }
  async function deliver() {
    // reset links are made after the forgot-password answer
    await t.deps.services.accounts.idle();
    while ((await worker().runOnce()) > 0);
  }
  function lastMailTo(email: string, subject?: string) {
    const m = [...smtp.messages]
      .reverse()
      .find((x) => (x.to as { text: string }).text.includes(email) && (!subject || x.subject === subject));
    if (!m) throw new Error(`no mail to ${email}`);
    return m;
  }
  function linkParams(link: string) {
    const u = new URL(link);
    return { path: u.pathname, token: u.searchParams.get('token')!, userid: u.searchParams.get('userid')! };
  }

  describe('register', () => {
    it('creates a Member, answers the user with a token, and emails a working confirmation link over SMTP', async () => {
      const { body, res } = await register({ username: 'Zofia_K', lang: 'de' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        token: expect.any(String),
        username: 'Zofia_K',
        email: body.email,
        lang: 'de',
        emailConfirmed: false,
        roles: ['Member'],
        cus: null,
        premiumLifetime: false,
      });
      const claims = jwt.verify(res.body.token, TEST_ENV.JWT_SECRET!, {
        algorithms: ['HS256'],
      }) as jwt.JwtPayload;
      expect(claims.role).toBe('Member');
      expect(claims.iss).toBe('polski-stories');
      expect(claims.aud).toBe('polski-stories-web');
      expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);

      const row = await db().user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
      expect(row.usernameKey).toBe('zofia_k');
      expect(row.passwordHash).not.toContain(body.password);
      expect(await db().emailOutbox.count({ where: { to: body.email, status: 'PENDING' } })).toBe(1);

      await deliver();
      expect(await db().emailOutbox.count({ where: { to: body.email, status: 'SENT' } })).toBe(1);
      const mail = lastMailTo(body.email);
      // the learner registered with German as their native language: the email is German (mail-i18n.ts)
      expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse');
      expect(mail.html).toContain('E-Mail-Adresse bestätigen');
      const link = smtp.linksOf(mail).find((l) => l.includes('/confirmemail'))!;
      const { path, token, userid } = linkParams(link);
      expect(link.startsWith('http://localhost:3000/confirmemail?')).toBe(true);
      expect(path).toBe('/confirmemail');
      expect(userid).toBe(row.id);
      // only the hash of the token is stored
      expect(await db().oneTimeToken.count({ where: { tokenHash: token } })).toBe(0);

      const confirm = await request(t.app).post('/api/account/confirmemail').send({ token, userid });
      expect(confirm.status).toBe(200);
      expect(confirm.body).toEqual({ message: 'Email Confirmed' });
      const settings = await request(t.app)
        .get('/api/account/settings')
        .set('Authorization', `Bearer ${res.body.token}`);
      expect(settings.body.emailConfirmed).toBe(true);
      // the same link twice: refused
      const again = await request(t.app).post('/api/account/confirmemail').send({ token, userid });
      expect(again.status).toBe(400);
    });

    it.each([
      [{ username: '' }, 'username', 'Please enter Username'],
      [{ username: '   ' }, 'username', 'Please enter Username'],
      [{ email: '' }, 'email', 'Please enter Email Address'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid Email Address'],
      [{ lang: 'xx' }, 'lang', 'Please choose a language from the list'],
      [
        { password: 'abc', confirmPassword: 'abc' },
        'password',
        'Password must be at least 6 characters long',
      ],
      [
        { password: 'a'.repeat(25), confirmPassword: 'a'.repeat(25) },
        'password',
        'Password must be at most 24 characters',
      ],
      [{ confirmPassword: 'different1' }, 'confirmPassword', 'Passwords do not match'],
      [
        { password: 'password1', confirmPassword: 'password1' },
        'password',
        'This password is too common. Please choose a less predictable one.',
      ],
    ])('refuses %o with the message for %s and creates nothing', async (overrides, field, message) => {
      const before = await db().user.count();
      const { res } = await register(overrides);
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toContain(message);
      expect(await db().user.count()).toBe(before);
    });

    it('lists every missing field at once', async () => {
      const res = await request(t.app).post('/api/account/register').send({});
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors).sort()).toEqual([
        'confirmPassword',
        'email',
        'lang',
        'password',
        'username',
      ]);
    });

    it('trims username and email', async () => {
      const { body, res } = await register({ username: '  Trimmed_1 ' });
      expect(res.status).toBe(201);
      expect(res.body.username).toBe('Trimmed_1');
      expect(res.body.email).toBe(body.email.trim());
    });

    it('refuses a duplicate username or email regardless of case', async () => {
      const { body } = await register();
      const dupUser = await register({ username: body.username.toUpperCase() });
      expect(dupUser.res.status).toBe(400);
      expect(dupUser.res.body.errors.username).toEqual(['This username is already taken']);
      const dupEmail = await register({ email: body.email.toUpperCase() });
      expect(dupEmail.res.status).toBe(400);
      expect(dupEmail.res.body.errors.email).toEqual(['An account with this email already exists']);
    });

    it('creates one account when the same email registers concurrently', async () => {
      const email = `race_${Date.now()}@example.test`;
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          request(t.app)
            .post('/api/account/register')
            .send(makeRegisterRequest({ email, username: `racer_${Date.now()}_${i}` })),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 201)) {
        expect(r.status).toBe(400);
        expect(r.body.errors.email).toEqual(['An account with this email already exists']);
      }
      expect(await db().user.count({ where: { emailKey: email } })).toBe(1);
    });
  });

  describe('login', () => {
    it('logs in with the username or the email, in any case, with a fresh token', async () => {
      const { body } = await register();
      for (const id of [body.username, body.email.toUpperCase(), ` ${body.username} `]) {
        const res = await request(t.app)
          .post('/api/account/login')
          .send({ usernameOrEmail: id, password: body.password });
        expect(res.status).toBe(200);
        expect(res.body.username).toBe(body.username);
        expect(res.body.roles).toEqual(['Member']);
        const me = await request(t.app)
          .get('/api/account/settings')
          .set('Authorization', `Bearer ${res.body.token}`);
        expect(me.status).toBe(200);
      }
    });

    it('gives one message for a wrong password and for an unknown account', async () => {
      const { body } = await register();
      const wrong = await request(t.app)
        .post('/api/account/login')
        .send({ usernameOrEmail: body.username, password: 'nope-nope' });
      const unknown = await request(t.app)
        .post('/api/account/login')
        .send({ usernameOrEmail: 'nobody_here', password: 'nope-nope' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body.message).toBe(INVALID_CREDENTIALS);
      expect(unknown.body.message).toBe(INVALID_CREDENTIALS);
    });

    it('requires both fields', async () => {
      const res = await request(t.app).post('/api/account/login').send({ usernameOrEmail: '  ' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        usernameOrEmail: ['Please enter Username or Email'],
        password: ['Please enter Password'],
      });
    });

    it('slows down repeated failures from one address without locking the owner out elsewhere', async () => {
      const { body } = await register();
      const attacker = '203.0.113.7';
      for (let i = 0; i <= LOGIN_SLOWDOWN.freeFailures; i++) {
        const r = await request(t.app)
          .post('/api/account/login')
          .set('X-Forwarded-For', attacker)
          .send({ usernameOrEmail: body.username, password: `wrong-${i}` });
        expect(r.status).toBe(401);
      }
      const blocked = await request(t.app)
        .post('/api/account/login')
        .set('X-Forwarded-For', attacker)
        .send({ usernameOrEmail: body.username, password: body.password });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe(TOO_MANY_LOGINS);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

      const owner = await request(t.app)
        .post('/api/account/login')
        .set('X-Forwarded-For', '198.51.100.20')
        .send({ usernameOrEmail: body.username, password: body.password });
      expect(owner.status).toBe(200);

      clock.advance(Number(blocked.headers['retry-after']) * 1000);
      const later = await request(t.app)
        .post('/api/account/login')
        .set('X-Forwarded-For', attacker)
        .send({ usernameOrEmail: body.username, password: body.password });
      expect(later.status).toBe(200);
    });
  });

  describe('tokens', () => {
    it('refuses missing, malformed, forged, alg=none, foreign-audience and expired tokens', async () => {
      const { res } = await register();
      const good = res.body.token as string;
      const sub = (jwt.decode(good) as jwt.JwtPayload).sub!;
      const secret = TEST_ENV.JWT_SECRET!;
      const base = { role: 'Member', ver: 0 };
      const bad = [
        'garbage',
        jwt.sign(base, 'another-secret-another-secret-another', {
          algorithm: 'HS256',
          subject: sub,
          issuer: 'polski-stories',
          audience: 'polski-stories-web',
        }),
        jwt.sign(base, secret, {
          algorithm: 'HS512',
          subject: sub,
          issuer: 'polski-stories',
          audience: 'polski-stories-web',
        }),
        jwt.sign(base, secret, {
          algorithm: 'HS256',
          subject: sub,
          issuer: 'polski-stories',
          audience: 'someone-else',
        }),
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...base, sub, iss: 'polski-stories', aud: 'polski-stories-web' })).toString('base64url')}.`,
      ];
      for (const token of bad) {
        const r = await request(t.app).get('/api/account/settings').set('Authorization', `Bearer ${token}`);
        expect(r.status).toBe(401);
        expect(r.body.message).toBe('No user is logged in');
      }
      const expired = jwt.sign({ ...base, exp: Math.floor(clock.now().getTime() / 1000) - 10 }, secret, {
        algorithm: 'HS256',
        subject: sub,
        issuer: 'polski-stories',
        audience: 'polski-stories-web',
      });
      const ended = await request(t.app)
        .get('/api/account/settings')
        .set('Authorization', `Bearer ${expired}`);
      expect(ended.status).toBe(401);
      expect(ended.body.message).toBe('Your session has ended. Please log in again.');
      const anonymous = await request(t.app).get('/api/account/settings');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe('No user is logged in');
    });
  });

  describe('confirmation links', () => {
    it('refuses a wrong, foreign or expired token and sends a new link on request', async () => {
      const a = await register();
      const b = await register();
      await deliver();
      const linkA = linkParams(smtp.linksOf(lastMailTo(a.body.email))[0]);
      // a's token with b's id
      const foreign = await request(t.app)
        .post('/api/account/confirmemail')
        .send({
          token: linkA.token,
          userid:
            b.res.body &&
            (await db().user.findUniqueOrThrow({ where: { emailKey: b.body.email.toLowerCase() } })).id,
        });
      expect(foreign.status).toBe(400);
      const wrong = await request(t.app)
        .post('/api/account/confirmemail')
        .send({ token: 'x'.repeat(43), userid: linkA.userid });
      expect(wrong.status).toBe(400);
      const missing = await request(t.app).post('/api/account/confirmemail').send({});
      expect(missing.status).toBe(400);

      clock.advance(3 * 24 * 3600 * 1000 + 1000);
      const expired = await request(t.app).post('/api/account/confirmemail').send(linkA);
      expect(expired.status).toBe(400);
      expect((await db().user.findUniqueOrThrow({ where: { id: linkA.userid } })).emailConfirmed).toBe(false);

      const token = a.res.body.token;
      const resend = await request(t.app)
        .post('/api/account/sendemailconfirmationlink')
        .set('Authorization', `Bearer ${token}`);
      expect(resend.status).toBe(200);
      expect(resend.body.message).toBe('Email confirmation link has been sent');
      await deliver();
      const fresh = linkParams(smtp.linksOf(lastMailTo(a.body.email))[0]);
      expect(fresh.token).not.toBe(linkA.token);
      expect((await request(t.app).post('/api/account/confirmemail').send(fresh)).status).toBe(200);
      const already = await request(t.app)
        .post('/api/account/sendemailconfirmationlink')
        .set('Authorization', `Bearer ${token}`);
      expect(already.status).toBe(400);
      expect(already.body.message).toBe('Your email address is already confirmed');
      expect((await request(t.app).post('/api/account/sendemailconfirmationlink')).status).toBe(401);
    });
  });

  describe('password reset', () => {
    it('answers the same for known and unknown emails and emails only the known one', async () => {
      const { body } = await register();
      await deliver();
      const sentBefore = smtp.messages.length;
      const known = await request(t.app).post('/api/account/forgotpassword').send({ email: body.email });
      const unknown = await request(t.app)
        .post('/api/account/forgotpassword')
        .send({ email: 'nobody@example.test' });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      await deliver();
      expect(smtp.messages.length).toBe(sentBefore + 1);
      expect(lastMailTo(body.email, 'Reset your password').text).toContain('/reset-password?token=');
      expect(FORGOT_PASSWORD_ANSWER).toBeTruthy();
    });

    it('resets through the emailed link once, ends other sessions, and sends a notice', async () => {
      const { body, res } = await register();
      const oldToken = res.body.token;
      await request(t.app).post('/api/account/forgotpassword').send({ email: body.email });
      await deliver();
      const link = smtp
        .linksOf(lastMailTo(body.email, 'Reset your password'))
        .find((l) => l.includes('/reset-password'))!;
      const p = linkParams(link);
      expect(p.path).toBe('/reset-password');
      const payload = {
        password: 'Nowe-Haslo-42',
        confirmPassword: 'Nowe-Haslo-42',
        token: p.token,
        userid: p.userid,
      };
      const mismatch = await request(t.app)
        .post('/api/account/resetpassword')
        .send({ ...payload, confirmPassword: 'other-pass' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.errors.confirmPassword).toEqual(['Passwords do not match']);

      const ok = await request(t.app).post('/api/account/resetpassword').send(payload);
      expect(ok.status).toBe(200);
      expect(ok.body.message).toBe('The Password has been reset');
      const reused = await request(t.app).post('/api/account/resetpassword').send(payload);
      expect(reused.status).toBe(400);

      const stale = await request(t.app)
        .get('/api/account/settings')
        .set('Authorization', `Bearer ${oldToken}`);
      expect(stale.status).toBe(401);
      const oldPw = await request(t.app)
        .post('/api/account/login')
        .send({ usernameOrEmail: body.username, password: body.password });
      expect(oldPw.status).toBe(401);
      const newPw = await request(t.app)
        .post('/api/account/login')
        .send({ usernameOrEmail: body.username, password: 'Nowe-Haslo-42' });
      expect(newPw.status).toBe(200);
      await deliver();
      // true after a reset, which signs nobody in: every other device was signed out
      expect(lastMailTo(body.email, 'Your password was changed').text).toContain(
        'every other device that was signed in has been signed out',
      );
    });

    it('refuses a reset link after one hour', async () => {
      const { body } = await register();
      await request(t.app).post('/api/account/forgotpassword').send({ email: body.email });
      await deliver();
      const p = linkParams(
        smtp
          .linksOf(lastMailTo(body.email, 'Reset your password'))
          .find((l) => l.includes('/reset-password'))!,
      );
      clock.advance(60 * 60 * 1000 + 1000);
      const res = await request(t.app).post('/api/account/resetpassword').send({
        password: 'Nowe-Haslo-42',
        confirmPassword: 'Nowe-Haslo-42',
        token: p.token,
        userid: p.userid,
      });
      expect(res.status).toBe(400);
      const login = await request(t.app)
        .post('/api/account/login')
        .send({ usernameOrEmail: body.username, password: body.password });
      expect(login.status).toBe(200);
    });
  });

  describe('settings and language', () => {
    it('reads settings from the database and changes the native language with validation', async () => {
      const { body, res } = await register({ lang: 'fr' });
      const auth = { Authorization: `Bearer ${res.body.token}` };
      const s1 = await request(t.app).get('/api/account/settings').set(auth);
      expect(s1.body).toEqual({
        username: body.username,
        emailAddress: body.email,
        emailConfirmed: false,
        roles: ['Member'],
        premiumExpirationDate: null,
        premiumLifetime: false,
        chosenNativeLanguage: 'fr',
        hasBillingAccount: false,
      });
      const bad = await request(t.app)
        .put('/api/account/changelanguage')
        .set(auth)
        .send({ newLanguage: 'klingon' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.newLanguage).toEqual(['Please choose a language from the list']);
      const ok = await request(t.app)
        .put('/api/account/changelanguage')
        .set(auth)
        .send({ newLanguage: 'uk' });
      expect(ok.body).toEqual({ message: 'Language changed successfully' });
      expect((await request(t.app).get('/api/account/settings').set(auth)).body.chosenNativeLanguage).toBe(
        'uk',
      );
      expect(
        (await request(t.app).put('/api/account/changelanguage').send({ newLanguage: 'uk' })).status,
      ).toBe(401);

      // premium granted in the database shows at once, though the token is older
      const until = new Date(clock.now().getTime() + 2 * 24 * 3600 * 1000);
      const premium = await db().role.findUniqueOrThrow({ where: { name: 'PremiumMember' } });
      const user = await db().user.update({
        where: { emailKey: body.email.toLowerCase() },
        data: { premiumUntil: until },
      });
      await db().userRole.create({ data: { userId: user.id, roleId: premium.id } });
      const s2 = await request(t.app).get('/api/account/settings').set(auth);
      expect(s2.body.roles).toEqual(['Member', 'PremiumMember']);
      expect(s2.body.premiumExpirationDate).toBe(until.toISOString());
      const refreshed = await request(t.app)
        .get('/api/payments/user-updated-roles?cacheBuster=123')
        .set(auth);
      expect(refreshed.body.roles).toEqual(['Member', 'PremiumMember']);
      expect(refreshed.body.cus).toBe(until.toISOString());
      expect((jwt.decode(refreshed.body.token) as jwt.JwtPayload).role).toEqual(['Member', 'PremiumMember']);
      // access ended: the role no longer shows
      clock.advance(3 * 24 * 3600 * 1000);
      expect((await request(t.app).get('/api/account/settings').set(auth)).body.roles).toEqual(['Member']);
    });
  });

  describe('payment-redirect session', () => {
    it('hands out an opaque single-use handle that expires in 30 minutes', async () => {
      const { body, res } = await register();
      const auth = { Authorization: `Bearer ${res.body.token}` };
      expect((await request(t.app).post('/api/account/save-session').send(res.body)).status).toBe(401);
      const saved = await request(t.app).post('/api/account/save-session').set(auth).send(res.body);
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe('Session saved');
      const handle = saved.body.userId as string;
      const row = await db().user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
      expect(handle).not.toBe(row.id);
      expect(handle).toMatch(/^[A-Za-z0-9_-]{32}$/);

      const got = await request(t.app).get(`/api/account/get-session/${handle}`);
      expect(got.status).toBe(200);
      expect(got.body.username).toBe(body.username);
      expect(got.body.token).toEqual(expect.any(String));
      const twice = await request(t.app).get(`/api/account/get-session/${handle}`);
      expect(twice.status).toBe(404);
      expect((await request(t.app).get(`/api/account/get-session/${row.id}`)).status).toBe(404);

      const second = await request(t.app).post('/api/account/save-session').set(auth).send({});
      clock.advance(30 * 60 * 1000 + 1000);
      expect((await request(t.app).get(`/api/account/get-session/${second.body.userId}`)).status).toBe(404);
    });
  });
});

describe('email outbox', () => {
  it('keeps messages while the mail server refuses them and delivers them once it accepts', async () => {
    const smtp = await startTestSmtp();
    const clock = new TestClock();
    const t = await createTestApp({ clock, env: { SMTP_URL: smtp.url } });
    try {
      smtp.accepting = false;
      const body = makeRegisterRequest();
      expect((await request(t.app).post('/api/account/register').send(body)).status).toBe(201);
      const worker = t.deps.services.mailWorker!;
      expect(await worker.runOnce()).toBe(0);
      expect(smtp.refused).toBe(1);
      let row = await t.database.db.emailOutbox.findFirstOrThrow({ where: { to: body.email } });
      expect(row.status).toBe('PENDING');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(/451|temporarily/i);
      // not retried before its backoff
      expect(await worker.runOnce()).toBe(0);
      expect(smtp.refused).toBe(1);
      clock.advance(5_000);
      expect(await worker.runOnce()).toBe(0);
      expect(smtp.refused).toBe(2);

      smtp.accepting = true;
      clock.advance(60_000);
      expect(await worker.runOnce()).toBe(1);
      row = await t.database.db.emailOutbox.findFirstOrThrow({ where: { to: body.email } });
      expect(row.status).toBe('SENT');
      expect(row.attempts).toBe(3);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0].subject).toBe('Confirm your email address');
      expect(smtp.messages[0].text).toContain('/confirmemail?token=');
      expect(await worker.runOnce()).toBe(0);
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('shows the outbox at /api/dev/mail and /dev/mail when enabled (ENABLE_DEV_MAIL), and never in production', async () => {
    const t = await createTestApp({ env: { ENABLE_DEV_MAIL: 'true' } });
    try {
      const body = makeRegisterRequest();
      await request(t.app).post('/api/account/register').send(body);
      const res = await request(t.app).get('/api/dev/mail');
      expect(res.status).toBe(200);
      const mail = res.body.find((m: { to: string }) => m.to === body.email);
      expect(mail).toMatchObject({ subject: 'Confirm your email address', sentAt: null });
      expect(mail.links[0]).toMatch(
        /^http:\/\/localhost:3000\/confirmemail\?token=[\w-]+&userid=[0-9a-f-]{36}$/,
      );
      const page = await request(t.app).get('/dev/mail');
      expect(page.status).toBe(200);
      expect(page.text).toContain(body.email);
      expect(page.text).not.toMatch(/<script/i);
    } finally {
      await t.close();
    }
    const prod = await createTestApp({
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgresql://x@127.0.0.1/x',
        SMTP_URL: 'smtp://127.0.0.1:2',
        PUBLIC_URL: 'https://polskistories.com',
        STRIPE_SECRET_KEY: 'sk_test_unused',
        STRIPE_WEBHOOK_SECRET: 'whsec_unused',
        METRICS_TOKEN: 'metrics-token-0123456789',
      },
    });
    try {
      expect((await request(prod.app).get('/api/dev/mail')).status).toBe(404);
      expect((await request(prod.app).get('/dev/mail')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
