import request from 'supertest';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { createTestApp, TestClock, type TTestApp } from '../../../test/support/test-app';
import { startTestSmtp, type TTestSmtp } from '../../../test/support/test-smtp';
import { createLearningModule } from '../learning';
import { remindersModule, type TRemindersModule } from '../reminders';
import { enqueueEmail } from './outbox';
import { emails } from './templates';

const STUDENTKA = { hub: 'complete-beginner', slug: 'complete-beginner-1', p: 0, s: 1, t: 1 };

// docs/i18n.md, "Emails": every email the API sends is in the recipient's native language, subject and body, through
// the mail worker and a real SMTP server; the languages with a catalogue: en, de, uk, ar
describe('every email in the recipient’s language', () => {
  let smtp: TTestSmtp;
  let t: TTestApp;
  let reminders: TRemindersModule;
  // 10:00 in Warsaw: the time of day for review reminders
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
    await t?.close();
    await smtp?.close();
  });

  const db = () => t.database.db;
  const deliver = async () => {
    // what the account service does after its answer (the reset link) first: it is queued on the next turn
    await t.deps.services.accounts.idle();
    while ((await t.deps.services.mailWorker!.runOnce()) > 0);
  };
  /** The last email of `username` whose subject is `subject`. */
  const mailOf = (username: string, subject: string) => {
    const mail = [...smtp.messages]
      .reverse()
      .find((m) => m.subject === subject && m.text?.includes(`Cześć ${username}!`));
    if (!mail)
      throw new Error(`no "${subject}" for ${username}: ${smtp.messages.map((m) => m.subject).join(', ')}`);
    return mail;
  };

  /** A confirmed learner whose native language is `lang`. */
  async function learner(lang: string) {
    const body = makeRegisterRequest({ lang: lang as 'en' });
    const res = await request(t.app).post('/api/account/register').send(body);
    expect(res.status).toBe(201);
    const { id } = await db().user.update({
      where: { emailKey: body.email.toLowerCase() },
      data: { emailConfirmed: true },
    });
    return { ...body, id, auth: { Authorization: `Bearer ${res.body.token as string}` } };
  }

  it.each([
    ['de', 'Dein Passwort wurde geändert', 'Das Passwort deines Kontos wurde gerade geändert'],
    ['uk', 'Ваш пароль змінено', 'Пароль вашого облікового запису щойно змінено'],
  ])('password changed (%s): the notice after a reset', async (lang, subject, body) => {
    const u = await learner(lang);
    await request(t.app).post('/api/account/forgotpassword').send({ email: u.email });
    await deliver();
    // the learner's reset email (the worker may deliver it before the confirmation email sent at sign-up)
    const reset = [...smtp.messages]
      .reverse()
      .find(
        (m) =>
          m.text?.includes(`Cześć ${u.username}!`) &&
          smtp.linksOf(m).some((l) => l.includes('/reset-password')),
      )!;
    const link = new URL(smtp.linksOf(reset).find((l) => l.includes('/reset-password'))!);
    const ok = await request(t.app)
      .post('/api/account/resetpassword')
      .send({
        password: 'Nowe-Haslo-42',
        confirmPassword: 'Nowe-Haslo-42',
        token: link.searchParams.get('token'),
        userid: link.searchParams.get('userid'),
      });
    expect(ok.status).toBe(200);
    await deliver();
    const mail = mailOf(u.username, subject);
    expect(mail.text).toContain(body);
    expect(mail.html).toContain(`<html lang="${lang}">`);
    expect(mail.text).not.toContain('The password of your account');
  });

  it.each([
    [
      'de',
      'Dein Konto wurde gelöscht',
      'Dein Konto bei Polski Stories wurde wie gewünscht gelöscht',
      'Do widzenia, und danke',
    ],
    [
      'uk',
      'Ваш обліковий запис видалено',
      'Ваш обліковий запис Polski Stories видалено',
      'Do widzenia, і дякуємо',
    ],
  ])('account deleted (%s): the confirmation', async (lang, subject, body, goodbye) => {
    const u = await learner(lang);
    const res = await request(t.app).post('/api/account/delete').set(u.auth).send({ password: u.password });
    expect(res.status).toBe(200);
    await deliver();
    const mail = mailOf(u.username, subject);
    expect(mail.text).toContain(body);
    expect(mail.text).toContain(goodbye);
    expect(mail.html).toContain(`<html lang="${lang}">`);
  });

  it('review reminder: German and Ukrainian, subject, the count with each language’s plural, the button', async () => {
    const de = await learner('de');
    const uk = await learner('uk');
    for (const u of [de, uk]) {
      expect((await request(t.app).post('/api/learning/words').set(u.auth).send(STUDENTKA)).status).toBe(201);
      const settings = await request(t.app).put('/api/learning/settings').set(u.auth).send({
        timeZone: 'Europe/Warsaw',
        goalKind: 'items',
        goalAmount: 20,
        newPerDay: 10,
        reviewsPerDay: 100,
        reviewReminders: true,
      });
      expect(settings.status).toBe(200);
    }
    await reminders.scheduler.runOnce();
    await deliver();
    const german = mailOf(de.username, 'Deine Wiederholungen sind fällig');
    expect(german.text).toContain('1 Karte wartet auf die Wiederholung.');
    expect(german.text).toMatch(/Jetzt wiederholen: http:\/\/\S+\/review/);
    expect(german.text).toMatch(
      /Um sie abzubestellen, öffne http:\/\/\S+ \(ein Klick, keine Anmeldung nötig\)/,
    );
    const ukrainian = mailOf(uk.username, 'Час повторити слова');
    expect(ukrainian.text).toContain('На повторення чекає 1 картка.');
    expect(ukrainian.text).toContain('Повторити зараз: ');
    expect(ukrainian.html).toContain('<html lang="uk">');
  });

  it('premium granted and ended: German and Ukrainian, the end date written for the language', async () => {
    const until = new Date('2027-11-22T12:00:00Z');
    const now = clock.now();
    await enqueueEmail(db(), emails.premiumGranted('de@example.test', 'Greta', until, 'de'), now);
    await enqueueEmail(db(), emails.premiumGranted('uk@example.test', 'Olena', 'lifetime', 'uk'), now);
    await enqueueEmail(db(), emails.premiumEnded('de@example.test', 'Greta', 'de'), now);
    await enqueueEmail(db(), emails.premiumEnded('uk@example.test', 'Olena', 'uk'), now);
    await enqueueEmail(db(), emails.premiumGranted('en@example.test', 'Emma', until, 'en'), now);
    await deliver();
    expect(mailOf('Greta', 'Willkommen bei Premium').text).toContain(
      'Danke für deinen Kauf. Dein Premium-Zugang gilt bis zum 22. November 2027.',
    );
    expect(mailOf('Olena', 'Вітаємо в Premium').text).toContain(
      'Ваш доступ Premium діятиме весь час існування платформи.',
    );
    expect(mailOf('Greta', 'Dein Premium-Zugang ist beendet').text).toContain('Die Zahlung wurde erstattet');
    expect(mailOf('Olena', 'Ваш доступ Premium завершився').text).toContain('платіж повернуто');
    // English as before: the spec's en-US date
    expect(mailOf('Emma', 'Welcome to Premium').text).toContain(
      'Thank you for your purchase. Your premium access is active until November 22, 2027.',
    );
  });

  it('Arabic: the email is Arabic, right to left by its language', async () => {
    const u = await learner('ar');
    const res = await request(t.app).post('/api/account/delete').set(u.auth).send({ password: u.password });
    expect(res.status).toBe(200);
    await deliver();
    const mail = mailOf(u.username, 'تم حذف حسابك');
    expect(mail.html).toContain('<html lang="ar">');
  });
});
