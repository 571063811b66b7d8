import request from 'supertest';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { createTestApp, TestClock, type TTestApp } from '../../../test/support/test-app';
import { startTestSmtp, type TTestSmtp } from '../../../test/support/test-smtp';
import { createLearningModule } from '../learning';
import { remindersModule, type TRemindersModule } from './index';
import { ReminderScheduler } from './reminder-scheduler';
import { UNSUBSCRIBE_TEXTS } from './reminders.router';

const HOUR = 3600_000;
const STUDENTKA = { hub: 'complete-beginner', slug: 'complete-beginner-1', p: 0, s: 1, t: 1 };

describe('review reminders', () => {
  let t: TTestApp;
  let smtp: TTestSmtp;
  let reminders: TRemindersModule;
  // 10:00 in Warsaw (UTC+1 in March)
  const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({
      clock,
      env: { SMTP_URL: smtp.url },
      modules: [
        createLearningModule(),
        async (deps) => (reminders = remindersModule(deps) as TRemindersModule),
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const db = () => t.database.db;
  const deliver = async () => {
    while ((await t.deps.services.mailWorker!.runOnce()) > 0);
  };
  const remindersTo = (email: string) =>
    db().emailOutbox.count({ where: { to: email, kind: 'review-reminder' } });

  /** A confirmed learner in Warsaw, with a saved word (its card due at once) unless `words` is false. */
  async function learner(options: { optIn: boolean; words?: boolean; timeZone?: string }) {
    const body = makeRegisterRequest();
    const res = await request(t.app).post('/api/account/register').send(body);
    const token = res.body.token as string;
    const { id } = await db().user.update({
      where: { emailKey: body.email.toLowerCase() },
      data: { emailConfirmed: true },
    });
    const auth = { Authorization: `Bearer ${token}` };
    if (options.words !== false)
      expect((await request(t.app).post('/api/learning/words').set(auth).send(STUDENTKA)).status).toBe(201);
    const settings = await request(t.app)
      .put('/api/learning/settings')
      .set(auth)
      .send({
        timeZone: options.timeZone ?? 'Europe/Warsaw',
        goalKind: 'items',
        goalAmount: 20,
        newPerDay: 10,
        reviewsPerDay: 100,
        reviewReminders: options.optIn,
      });
    expect(settings.body.reviewReminders).toBe(options.optIn);
    return { id, email: body.email, auth };
  }

  it('queues one reminder a day for learners who opted in and have reviews due, whoever runs and however often', async () => {
    const due = await learner({ optIn: true });
    const optedOut = await learner({ optIn: false });
    const nothingDue = await learner({ optIn: true, words: false });
    // a learner in Tokyo, where it is 18:00: also reminded; one in Los Angeles (01:00): not yet
    const tokyo = await learner({ optIn: true, timeZone: 'Asia/Tokyo' });
    const night = await learner({ optIn: true, timeZone: 'America/Los_Angeles' });

    await reminders.scheduler.runOnce();
    await reminders.scheduler.runOnce();
    expect(await remindersTo(due.email)).toBe(1);
    expect(await remindersTo(tokyo.email)).toBe(1);
    expect(await remindersTo(optedOut.email)).toBe(0);
    expect(await remindersTo(nothingDue.email)).toBe(0);
    expect(await remindersTo(night.email)).toBe(0);

    // later the same day (for Warsaw; in Los Angeles it is now 09:00): the Warsaw learner gets no second one
    clock.advance(8 * HOUR);
    await reminders.scheduler.runOnce();
    expect(await remindersTo(due.email)).toBe(1);
    expect(await remindersTo(night.email)).toBe(1);

    // the next day, two schedulers at once (as two API processes would: nothing shared but the database)
    clock.advance(16 * HOUR);
    const other = new ReminderScheduler({
      db: db(),
      clock,
      logger: t.deps.logger,
      links: reminders.links,
      publicUrl: t.config.PUBLIC_URL,
    });
    // both read their candidates before either has inserted: an uncommitted row of the Warsaw learner's day
    // holds their inserts until it is rolled back, then they race for it
    const pending: Promise<number>[] = [];
    class Rollback extends Error {}
    await db()
      .$transaction(
        async (tx) => {
          await tx.$executeRaw`
            INSERT INTO review_reminders (user_id, day, queued_at) VALUES (${due.id}::uuid, '2026-03-03'::date, now())`;
          pending.push(reminders.scheduler.runOnce(), other.runOnce());
          for (let i = 0; ; i++) {
            const [{ n }] = await db().$queryRaw<{ n: number }[]>`
              SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`;
            if (n >= 2) break;
            if (i > 200) throw new Error('the two schedulers never waited on the same learner-day');
            await new Promise((r) => setTimeout(r, 25));
          }
          throw new Rollback();
        },
        { timeout: 20_000 },
      )
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err;
      });
    const runs = [
      ...(await Promise.all(pending)),
      await reminders.scheduler.runOnce(),
      await other.runOnce(),
    ];
    // Warsaw (10:00) and Tokyo (18:00); Los Angeles is at 01:00 again
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await remindersTo(due.email)).toBe(2);
    expect(await remindersTo(tokyo.email)).toBe(2);
    expect(await db().reviewReminder.count({ where: { userId: due.id } })).toBe(2);
  });

  it('sends List-Unsubscribe headers, and the signed link turns reminders off with one click', async () => {
    clock.advance(24 * HOUR);
    const u = await learner({ optIn: true });
    expect(await reminders.scheduler.runOnce()).toBeGreaterThanOrEqual(1);
    await deliver();
    const mail = [...smtp.messages]
      .reverse()
      .find(
        (m) => (m.to as { text: string }).text.includes(u.email) && m.subject === 'Your reviews are due',
      )!;
    expect(mail).toBeDefined();
    const header = (name: string) =>
      mail.headerLines
        .find((h) => h.key === name)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https?:\/\/[^>]+)>$/.exec(header('list-unsubscribe') ?? '')?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe('/reminders/unsubscribe');
    expect(url.searchParams.get('u')).toBe(u.id);
    expect(mail.text).toContain(link!);
    expect(mail.text).toContain('1 card is waiting for review');
    const path = `${url.pathname}${url.search}`;

    // opening the link only asks (a mail scanner that follows it changes nothing)
    const page = await request(t.app).get(path);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(UNSUBSCRIBE_TEXTS.confirmTitle);
    expect(page.text).toMatch(/<form method="post"><button type="submit">Unsubscribe<\/button><\/form>/);
    expect((await db().learnerSettings.findUniqueOrThrow({ where: { userId: u.id } })).reviewReminders).toBe(
      true,
    );

    // RFC 8058: the mail client posts List-Unsubscribe=One-Click, without signing in
    const done = await request(t.app).post(path).type('form').send('List-Unsubscribe=One-Click');
    expect(done.status).toBe(200);
    expect(done.text).toContain(UNSUBSCRIBE_TEXTS.doneTitle);
    expect((await db().learnerSettings.findUniqueOrThrow({ where: { userId: u.id } })).reviewReminders).toBe(
      false,
    );
    // again: the same answer (idempotent)
    expect((await request(t.app).post(path).type('form').send('List-Unsubscribe=One-Click')).status).toBe(
      200,
    );
    const auth = await request(t.app).get('/api/learning/settings').set(u.auth);
    expect(auth.body.reviewReminders).toBe(false);

    // and no more reminders
    clock.advance(24 * HOUR);
    const before = await remindersTo(u.email);
    await reminders.scheduler.runOnce();
    expect(await remindersTo(u.email)).toBe(before);
  });

  it('refuses a forged, altered or missing signature and changes nothing', async () => {
    const victim = await learner({ optIn: true });
    const attacker = await learner({ optIn: true });
    const attackerLink = new URL(reminders.links.url(attacker.id));
    const forged = [
      `/reminders/unsubscribe?u=${victim.id}&s=${attackerLink.searchParams.get('s')}`,
      `/reminders/unsubscribe?u=${victim.id}&s=${'A'.repeat(43)}`,
      `/reminders/unsubscribe?u=${victim.id}`,
      `/reminders/unsubscribe?u=not-a-uuid&s=x`,
      `/reminders/unsubscribe`,
    ];
    for (const path of forged) {
      const get = await request(t.app).get(path);
      expect([path, get.status]).toEqual([path, 403]);
      expect(get.text).toContain(UNSUBSCRIBE_TEXTS.invalidTitle);
      expect(get.text).not.toContain('<form');
      const post = await request(t.app).post(path).type('form').send('List-Unsubscribe=One-Click');
      expect([path, post.status]).toEqual([path, 403]);
    }
    expect(
      (await db().learnerSettings.findUniqueOrThrow({ where: { userId: victim.id } })).reviewReminders,
    ).toBe(true);
    // a link signed with another server's secret is refused too
    const { UnsubscribeLinks } = await import('./unsubscribe-links');
    const elsewhere = new URL(
      new UnsubscribeLinks('another-secret-another-secret-0123456789', 'http://x').url(victim.id),
    );
    expect((await request(t.app).post(`${elsewhere.pathname}${elsewhere.search}`)).status).toBe(403);
    // the real link of the victim works
    const own = new URL(reminders.links.url(victim.id));
    expect((await request(t.app).post(`${own.pathname}${own.search}`)).status).toBe(200);
    expect(
      (await db().learnerSettings.findUniqueOrThrow({ where: { userId: victim.id } })).reviewReminders,
    ).toBe(false);
  });

  it('turns reminders on and off from the settings, keeping them when a change leaves them out', async () => {
    const u = await learner({ optIn: true });
    const change = await request(t.app).put('/api/learning/settings').set(u.auth).send({
      timeZone: 'Europe/Warsaw',
      goalKind: 'minutes',
      goalAmount: 15,
      newPerDay: 10,
      reviewsPerDay: 100,
    });
    expect(change.status).toBe(200);
    expect(change.body).toMatchObject({ goalKind: 'minutes', reviewReminders: true });
    const bad = await request(t.app)
      .put('/api/learning/settings')
      .set(u.auth)
      .send({ ...change.body, reviewReminders: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('reviewReminders');
  });
});
