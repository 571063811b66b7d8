import request from 'supertest';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import { startTestSmtp, type TTestSmtp } from '../../../test/support/test-smtp';
import { NATIVE_LANGUAGE_CODES } from '@polski/contracts';
import { MAIL_CATALOGUES, mailLanguage, mailTranslator } from './mail-i18n';
import en from './locales/en.json';

// docs/i18n.md, "Emails": an email is written in the recipient's native language, English where there would be no catalogue
describe('emails in the recipient’s language', () => {
  let smtp: TTestSmtp;
  let t: TTestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function confirmationEmailFor(lang: string) {
    const body = makeRegisterRequest({ lang: lang as 'en' });
    expect((await request(t.app).post('/api/account/register').send(body)).status).toBe(201);
    expect(await t.deps.services.mailWorker!.runOnce()).toBe(1);
    const mail = smtp.messages.find((m) => m.text?.includes(body.username));
    if (!mail) throw new Error(`no email for ${body.username}`);
    return { mail, username: body.username };
  }

  it('sends a German learner the confirmation email in German, through the mail server', async () => {
    const { mail, username } = await confirmationEmailFor('de');
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse');
    expect(mail.text).toContain(`Cześć ${username}!`);
    expect(mail.text).toContain('Bitte bestätige deine E-Mail-Adresse');
    expect(mail.text).toContain('E-Mail-Adresse bestätigen: ');
    expect(mail.text).toContain('/confirmemail?token=');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Falls die Schaltfläche nicht funktioniert');
    expect(mail.text).not.toContain('Please confirm');
  });

  it('sends an English learner the English one, a Japanese learner the Japanese one', async () => {
    const english = await confirmationEmailFor('en');
    expect(english.mail.subject).toBe('Confirm your email address');
    expect(english.mail.html).toContain('<html lang="en">');
    const japanese = await confirmationEmailFor('ja');
    expect(japanese.mail.subject).toBe(MAIL_CATALOGUES.ja['confirmEmail.subject']);
    expect(japanese.mail.subject).toMatch(/\p{Script=Katakana}/u);
    expect(japanese.mail.html).toContain('<html lang="ja">');
  });

  it('has a catalogue for every native language; a language without one would be English', () => {
    expect(Object.keys(MAIL_CATALOGUES).sort()).toEqual([...NATIVE_LANGUAGE_CODES].sort());
    expect(mailLanguage('xx')).toBe('en');
    expect(mailLanguage(null)).toBe('en');
  });

  it('falls back to English key by key', () => {
    expect(mailTranslator('de')('resetPassword.subject')).toBe('Setze dein Passwort zurück');
    expect(mailTranslator('xx')('resetPassword.subject')).toBe(en['resetPassword.subject']);
  });
});
