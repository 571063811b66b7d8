import request from 'supertest';
import { ZAccountExportSchema } from '@polski/contracts';
import { startPaymentsHarness, type TPaymentsHarness } from '../../../test/support/payments-harness';
import { TestClock } from '../../../test/support/test-app';
import { startTestSmtp, type TTestSmtp } from '../../../test/support/test-smtp';
import { hashToken } from '../auth/tokens';
import { createLearningModule } from '../learning';
import { remindersModule, type TRemindersModule } from '../reminders';
import { DELETE_LIMIT, EXPORT_LIMIT, WRONG_PASSWORD } from './account-data.service';

/** complete-beginner-1, paragraph 0, sentence 1, token 1: "studentką" (a free lesson). */
const STUDENTKA = { hub: 'complete-beginner', slug: 'complete-beginner-1', p: 0, s: 1, t: 1 };

describe('account data: download and deletion', () => {
  let h: TPaymentsHarness;
  let smtp: TTestSmtp;
  let reminders: TRemindersModule;
  // noon UTC today: inside the reminders' hours for a learner in UTC; Stripe's periods run on real time
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  const clock = new TestClock(noon);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    h = await startPaymentsHarness({
      clock,
      env: { PREMIUM_OFFER: 'subscription', SMTP_URL: smtp.url },
      modules: [
        createLearningModule(),
        async (deps) => (reminders = remindersModule(deps) as TRemindersModule),
      ],
    });
  });
  afterAll(async () => {
    await h.close();
    await smtp.close();
  });

  const db = () => h.t.database.db;
  const app = () => h.t.app;
  const get = (path: string, token: string) =>
    request(app()).get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, token: string, body: object = {}) =>
    request(app()).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const deliver = async () => {
    await h.t.deps.services.accounts.idle();
    while ((await h.t.deps.services.mailWorker!.runOnce()) > 0);
  };

  /** A subscriber with something in every table: a word, its card and review, a status, a lesson, settings... */
  async function learnerWithEverything() {
    const user = await h.buy('price_sub_monthly_usd');
    const password = 'Zaq1xsw2cde3';
    // buy() signed up with the factory's password: set a known one
    await db().user.update({
      where: { id: user.userId },
      data: {
        passwordHash: await h.t.deps.services.hasher.hash(password),
        emailConfirmed: true,
      },
    });
    expect((await post('/api/learning/words', user.token, STUDENTKA)).status).toBe(201);
    const queue = await get('/api/learning/reviews', user.token);
    const [item] = queue.body.items;
    expect(
      (
        await post('/api/learning/reviews/answers', user.token, {
          cardId: item.cardId,
          type: item.type,
          rating: 'again',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await request(app())
          .put('/api/learning/statuses')
          .set('Authorization', `Bearer ${user.token}`)
          .send({ lemma: 'szkoła', status: 'known' })
      ).status,
    ).toBe(200);
    expect(
      (
        await post('/api/content/progress', user.token, {
          hub: 'complete-beginner',
          slug: 'complete-beginner-1',
        })
      ).status,
    ).toBe(200);
    const settings = await request(app())
      .put('/api/learning/settings')
      .set('Authorization', `Bearer ${user.token}`)
      .send({
        timeZone: 'UTC',
        goalKind: 'items',
        goalAmount: 10,
        newPerDay: 10,
        reviewsPerDay: 100,
        reviewReminders: true,
      });
    expect(settings.body.reviewReminders).toBe(true);
    // the card answered "again" is due again within minutes: the reminder goes out
    clock.advance(15 * 60_000);
    expect(await reminders.scheduler.runOnce()).toBeGreaterThanOrEqual(1);
    await request(app()).post('/api/account/forgotpassword').send({ email: user.email });
    await deliver();
    return { ...user, password };
  }

  it('downloads everything the product holds about the learner, as JSON, without a secret', async () => {
    const u = await learnerWithEverything();
    const res = await get('/api/account/export', u.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="polski-stories-data.json"');
    const data = ZAccountExportSchema.parse(res.body);
    expect(data.account).toMatchObject({
      id: u.userId,
      email: u.email,
      username: u.username,
      emailConfirmed: true,
      roles: ['Member', 'PremiumMember'],
    });
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.emailLinks.map((l) => l.purpose).sort()).toEqual(['CONFIRM_EMAIL', 'RESET_PASSWORD']);
    expect(data.paymentRedirects).toHaveLength(1);
    const customer = await db().paymentCustomer.findUniqueOrThrow({ where: { userId: u.userId } });
    expect(data.billing.stripeCustomerId).toBe(customer.stripeCustomerId);
    expect(data.billing.checkouts).toHaveLength(1);
    expect(data.billing.subscriptions).toEqual([
      expect.objectContaining({ status: 'active', plan: 'monthly', currency: 'USD' }),
    ]);
    expect(data.lessonsCompleted).toEqual([
      expect.objectContaining({ hub: 'complete-beginner', slug: 'complete-beginner-1' }),
    ]);
    expect(data.learning.settings).toMatchObject({ goalAmount: 10, reviewReminders: true });
    expect(data.learning.savedWords).toEqual([
      expect.objectContaining({ lemma: 'studentka', form: 'studentką' }),
    ]);
    expect(data.learning.wordStatuses.map((s) => [s.lemma, s.status])).toEqual([
      ['studentka', 'learning'],
      ['szkoła', 'known'],
    ]);
    expect(data.learning.reviewCards).toHaveLength(1);
    expect(data.learning.reviewLogs).toEqual([expect.objectContaining({ rating: 1 })]);
    expect(data.learning.activityDays.length).toBeGreaterThanOrEqual(1);
    expect(data.learning.reviewReminders).toHaveLength(1);
    expect(data.emails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'Confirm your email address',
        'Welcome to Premium',
        'Your reviews are due',
        'Reset your password',
      ]),
    );

    // no secret: the password (hash), the one-time tokens (hashes and the links' tokens), handles, the JWT
    const text = JSON.stringify(res.body);
    const user = await db().user.findUniqueOrThrow({ where: { id: u.userId } });
    expect(text).not.toContain(user.passwordHash);
    expect(text).not.toContain(u.password);
    expect(text).not.toContain(u.token);
    for (const t of await db().oneTimeToken.findMany({ where: { userId: u.userId } }))
      expect(text).not.toContain(t.tokenHash);
    for (const s of await db().savedSession.findMany({ where: { userId: u.userId } }))
      expect(text).not.toContain(s.handleHash);
    const resetMail = [...smtp.messages].reverse().find((m) => m.subject === 'Reset your password')!;
    const resetToken = new URL(
      smtp.linksOf(resetMail).find((l) => l.includes('/reset-password'))!,
    ).searchParams.get('token')!;
    expect(await db().oneTimeToken.count({ where: { tokenHash: hashToken(resetToken) } })).toBe(1);
    expect(text).not.toContain(resetToken);
    expect(text).not.toMatch(/passwordHash|tokenHash|handleHash|\/reset-password|\/confirmemail/);

    // another learner's download holds none of it
    const other = await h.signUp();
    const theirs = await get('/api/account/export', other.token);
    expect(JSON.stringify(theirs.body)).not.toContain(u.email);
    expect(theirs.body.learning.savedWords).toEqual([]);
  });

  it(`allows ${EXPORT_LIMIT.max} downloads an hour per account, then answers 429`, async () => {
    const u = await h.signUp();
    for (let i = 0; i < EXPORT_LIMIT.max; i++)
      expect((await get('/api/account/export', u.token)).status).toBe(200);
    const refused = await get('/api/account/export', u.token);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await request(app()).get('/api/account/export')).status).toBe(401);
  });

  it('refuses a deletion with a wrong password, changing nothing, and limits the attempts', async () => {
    const u = await learnerWithEverything();
    const before = await db().savedWord.count({ where: { userId: u.userId } });
    const wrong = await post('/api/account/delete', u.token, { password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'wrong_password', message: WRONG_PASSWORD });
    expect((await post('/api/account/delete', u.token, {})).status).toBe(400);
    expect(await db().user.count({ where: { id: u.userId } })).toBe(1);
    expect(await db().savedWord.count({ where: { userId: u.userId } })).toBe(before);
    const sub = await db().subscription.findFirstOrThrow({ where: { userId: u.userId } });
    expect((await h.payments.stripe.subscriptions.retrieve(sub.stripeSubscriptionId)).status).toBe('active');
    expect((await get('/api/account/settings', u.token)).status).toBe(200);
    for (let i = 1; i < DELETE_LIMIT.max; i++)
      expect((await post('/api/account/delete', u.token, { password: 'still-wrong' })).status).toBe(403);
    // over the limit, even the right password is refused for the hour
    const limited = await post('/api/account/delete', u.token, { password: u.password });
    expect(limited.status).toBe(429);
    expect(await db().user.count({ where: { id: u.userId } })).toBe(1);
  });

  it('deletes every row of the learner, cancels the subscription at Stripe, keeps the payment records and emails a confirmation', async () => {
    const u = await learnerWithEverything();
    const other = await learnerWithEverything();
    const customer = await db().paymentCustomer.findUniqueOrThrow({ where: { userId: u.userId } });
    const sub = await db().subscription.findFirstOrThrow({ where: { userId: u.userId } });
    // every table with a user_id column, read from the database itself (a new table cannot be forgotten here)
    const tables = (
      await db().$queryRaw<{ table_name: string }[]>`
        SELECT table_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name = 'user_id' ORDER BY table_name`
    ).map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'sessions',
        'one_time_tokens',
        'saved_sessions',
        'payment_customers',
        'checkout_sessions',
        'subscriptions',
        'lesson_progress',
        'word_statuses',
        'saved_words',
        'review_cards',
        'review_logs',
        'learner_settings',
        'activity_days',
        'review_reminders',
        'user_roles',
      ]),
    );
    const rowsOf = async (userId: string) => {
      const out: Record<string, number> = {};
      for (const table of tables) {
        const [{ n }] = await db().$queryRawUnsafe<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM "${table}" WHERE user_id = $1::uuid`,
          userId,
        );
        out[table] = n;
      }
      return out;
    };
    const before = await rowsOf(u.userId);
    expect(
      Object.entries(before)
        .filter(([, n]) => n === 0)
        .map(([table]) => table),
    ).toEqual(
      expect.not.arrayContaining([
        'saved_words',
        'review_logs',
        'review_reminders',
        'subscriptions',
        'sessions',
      ]),
    );
    const otherBefore = await rowsOf(other.userId);
    const oldMail = await db().emailOutbox.count({ where: { to: u.email } });
    expect(oldMail).toBeGreaterThanOrEqual(3);

    const res = await post('/api/account/delete', u.token, { password: u.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Your account has been deleted' });

    // every row of the learner is gone; the other learner's are all there
    expect(Object.values(await rowsOf(u.userId)).every((n) => n === 0)).toBe(true);
    expect(await rowsOf(u.userId)).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
    expect(await db().user.count({ where: { id: u.userId } })).toBe(0);
    expect(await rowsOf(other.userId)).toEqual(otherBefore);

    // the token (and every session) is refused at once
    const after = await get('/api/account/settings', u.token);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('user_not_found');
    expect((await get('/api/learning/words', u.token)).status).toBe(401);

    // the subscription is cancelled at Stripe; the customer stays there with its invoices
    expect((await h.payments.stripe.subscriptions.retrieve(sub.stripeSubscriptionId)).status).toBe(
      'canceled',
    );
    expect((await h.payments.stripe.customers.retrieve(customer.stripeCustomerId)).deleted).toBeFalsy();
    // the payment records are kept without a link to the account
    const kept = await db().retainedPayment.findMany({
      where: { stripeCustomerId: customer.stripeCustomerId },
    });
    expect(kept).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        stripeSubscriptionId: sub.stripeSubscriptionId,
        plan: 'monthly',
        currency: 'USD',
        id: sub.id,
      }),
    ]);
    expect(kept[0].keepUntil.getUTCFullYear()).toBeGreaterThanOrEqual(noon.getUTCFullYear() + 6);
    expect(JSON.stringify(kept)).not.toContain(u.email);

    // the emails to the address are gone but the confirmation, queued in the same transaction
    const outbox = await db().emailOutbox.findMany({ where: { to: u.email } });
    expect(outbox.map((m) => [m.kind, m.status])).toEqual([['account-deleted', 'PENDING']]);
    await deliver();
    const mail = [...smtp.messages].reverse().find((m) => m.subject === 'Your account has been deleted')!;
    expect((mail.to as { text: string }).text).toContain(u.email);
    expect(mail.text).toContain('Your subscription has been cancelled');
    expect(mail.text).toContain('We keep the records of your payments');

    // Stripe's late webhooks about the cancelled subscription find nobody and change nothing
    await h.emulator.waitForIdle();
    expect(await rowsOf(u.userId)).toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
    // the sweep deletes the sent confirmation: the address of an account that is gone is not kept
    await reminders.scheduler.runOnce();
    expect(await db().emailOutbox.count({ where: { to: u.email } })).toBe(0);

    // the same token cannot delete twice, nor log in again
    expect((await post('/api/account/delete', u.token, { password: u.password })).status).toBe(401);
    const login = await request(app())
      .post('/api/account/login')
      .send({ usernameOrEmail: u.email, password: u.password });
    expect(login.status).toBe(401);
  });

  it('deletes an account that never paid: nothing kept, nothing at Stripe', async () => {
    const u = await h.signUp({ password: 'Qwerty!2345', confirmPassword: 'Qwerty!2345' });
    const res = await post('/api/account/delete', u.token, { password: 'Qwerty!2345' });
    expect(res.status).toBe(200);
    expect(await db().user.count({ where: { id: u.userId } })).toBe(0);
    const [m] = await db().emailOutbox.findMany({ where: { to: u.email } });
    expect(m.kind).toBe('account-deleted');
    expect(m.text).not.toContain('subscription');
    expect(m.text).not.toContain('records of your payments');
  });
});

describe('account deletion with a one-time purchase (the default offer)', () => {
  let h: TPaymentsHarness;
  beforeAll(async () => {
    h = await startPaymentsHarness();
  });
  afterAll(() => h.close());

  it('keeps the payment record without the account until the end of the fifth year after it; a later refund finds no account', async () => {
    const u = await h.buy('price_once_yearly_usd');
    const db = h.t.database.db;
    const payment = await db.payment.findFirstOrThrow({ where: { userId: u.userId } });
    const customer = await db.paymentCustomer.findUniqueOrThrow({ where: { userId: u.userId } });
    const res = await request(h.t.app)
      .post('/api/account/delete')
      .set('Authorization', `Bearer ${u.token}`)
      .send({ password: 'Kr0wa-na-lace' });
    expect(res.status).toBe(200);
    expect(await db.payment.count({ where: { userId: u.userId } })).toBe(0);
    const kept = await db.retainedPayment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(kept).toMatchObject({
      kind: 'payment',
      stripeCustomerId: customer.stripeCustomerId,
      stripeSessionId: payment.stripeSessionId,
      stripePaymentIntentId: payment.stripePaymentIntentId,
      plan: 'yearly',
      currency: 'USD',
      amount: payment.amount,
      amountRefunded: 0,
      status: 'paid',
    });
    expect(kept.keepUntil).toEqual(new Date(Date.UTC(payment.paidAt!.getUTCFullYear() + 6, 0, 1)));
    // a refund Stripe reports later finds no account and changes nothing here
    await h.payments.stripe.refunds.create({ payment_intent: payment.stripePaymentIntentId! });
    await h.emulator.waitForIdle();
    expect(await db.retainedPayment.count({ where: { id: payment.id } })).toBe(1);
    expect(await db.user.count({ where: { id: u.userId } })).toBe(0);
  });
});
