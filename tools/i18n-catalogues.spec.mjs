// The quality gates of the interface and email catalogues (docs/i18n.md, "Gates"), run with the web tests (so in
// `npm test`): every catalogue present passes them, and the bad fixtures at the end show that each gate fails.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { catalogueAssets } from './i18n/catalogue-plugin.mjs';
import { catalogueLanguages, readCatalogue } from './i18n/catalogues.mjs';
import { completenessProblems, icuProblems, languageProblems, scriptProblems } from './i18n/gates.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'apps/web/src/locales');
const mailDir = join(root, 'apps/api/src/modules/mail/locales');
const english = readCatalogue(dir, 'en');
/**
 * A catalogue that is present must be complete: a language arrives whole (docs/i18n.md, "Adding a language"); the
 * fallback to English key by key is for a catalogue being written, which does not land.
 */
const COMPLETE = (lang) => lang !== 'en';

describe('interface catalogues', () => {
  it('keeps the spec English texts word for word', () => {
    const spec = {
      'shell.nav.home': 'Home',
      'shell.nav.learnPolish': 'Learn Polish',
      'shell.nav.podcast': 'Podcast',
      'shell.nav.settings': 'Settings',
      'shell.nav.logout': 'Logout',
      'api.somethingWentWrong': 'Something went wrong',
      'api.unauthorised': 'Unauthorised',
      'session.pleaseLogIn': 'Please log in to your account',
      'language.saveFailed': 'Error changing language',
      'auth.dialog.title': 'Log in or register',
      'auth.login.forgot': 'Forgot Password?',
      'auth.login.createAccount': 'Create an Account',
      'auth.login.success': 'You have successfully logged in',
      'auth.login.failed': 'Login failed. Please check your credentials.',
      'auth.register.heading': 'Sign up',
      'auth.register.language': 'Choose Your Native Language:',
      'auth.register.proceed': 'Proceed to Payment',
      'auth.register.success': 'You have successfully registered',
      'auth.register.linkSent': 'Email confirmation link has been sent to your inbox',
      'auth.validation.required': 'Please enter {label}',
      'auth.validation.minLength': '{label} must be at least {n} characters long',
      'auth.validation.maxLength': '{label} must be at most {n} characters',
      'auth.validation.passwordsDoNotMatch': 'Passwords do not match',
      'auth.forgot.intro': 'Please enter the email you provided during registration',
      'auth.forgot.instructions': "We'll send you instructions to reset your password",
      'auth.forgot.submit': 'Send Reset Link',
      'auth.forgot.sent': 'Reset link has been sent',
      'auth.reset.title': 'Set a new password',
      'auth.reset.submit': 'Reset Password',
      'auth.reset.done': 'The Password has been reset',
      'auth.reset.failed': 'Unable to reset password',
      'auth.confirm.title': 'Email Confirmed Successfully!',
      'auth.confirm.text':
        'Your email address has been verified. You can now access all features of your account.',
      'auth.confirm.start': 'Start Learning Polish',
      'auth.confirm.toast': 'Email Confirmed',
      'premium.modal.title': 'Get Premium Access!',
      'premium.modal.exclusive': 'Exclusive lessons',
      'premium.modal.exercises': 'Exercises and quizzes',
      'premium.modal.translator': 'Multilingual translator',
      'premium.modal.social': 'Join 1000s of learners',
      'premium.modal.cta': 'Get Premium',
    };
    for (const [key, text] of Object.entries(spec)) expect(english[key]).toBe(text);
  });

  /** @type {[string, string, Record<string, string>][]} */
  const sets = [
    ['web', dir, english],
    ['mail', mailDir, readCatalogue(mailDir, 'en')],
  ];
  for (const [where, folder, english] of sets) {
    for (const lang of catalogueLanguages(folder)) {
      describe(`${where} ${lang}`, () => {
        const catalogue = readCatalogue(folder, lang);
        it('is valid ICU with the arguments and markup of English', () => {
          expect(icuProblems(english, catalogue)).toEqual([]);
        });
        it('is written in its own script and alphabet', () => {
          expect(scriptProblems(lang, catalogue)).toEqual([]);
        });
        it('has nothing that reads as English or Polish (values of 4 words or more)', () => {
          expect(languageProblems(lang, catalogue)).toEqual([]);
        });
        if (COMPLETE(lang)) {
          it('translates every key', () => {
            expect(completenessProblems(english, catalogue)).toEqual([]);
          });
        }
      });
    }
  }

  it('ships every language but English as a JSON file under a hash of all catalogues', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'catalogues-'));
    writeFileSync(join(tmp, 'en.json'), JSON.stringify({ a: 'Hello {name}', b: 'Bye' }));
    writeFileSync(join(tmp, 'de.json'), JSON.stringify({ a: 'Hallo {name}' }));
    const first = catalogueAssets(tmp);
    expect(first.files.map((f) => f.lang)).toEqual(['de']);
    // compiled, over English: the missing key is English's
    expect(JSON.parse(first.files[0].source)).toEqual({ a: ['Hallo ', ['name']], b: ['Bye'] });
    writeFileSync(join(tmp, 'de.json'), JSON.stringify({ a: 'Hallo, {name}' }));
    expect(catalogueAssets(tmp).hash).not.toBe(first.hash);
  });

  describe('the gates fail on a deliberately broken entry', () => {
    it('broken ICU, a renamed argument, changed markup', () => {
      const bad = {
        'auth.validation.required': 'Bitte {label eingeben',
        'auth.reset.lead': 'Wähle {min} bis {maximum} Zeichen.',
        'auth.login.newHere': 'Neu bei <0>{site}</0>?',
      };
      expect(icuProblems(english, bad)).toHaveLength(3);
    });
    it('a Ukrainian value in Latin letters, a German value with Polish letters', () => {
      expect(scriptProblems('uk', { 'shell.nav.home': 'Holovna' })).toHaveLength(1);
      expect(scriptProblems('de', { 'shell.nav.home': 'Strona główna' })).toHaveLength(1);
    });
    it('an English value left in the German catalogue, a Polish one in the Ukrainian', () => {
      expect(
        languageProblems('de', { 'auth.login.failed': 'Login failed. Please check your credentials.' }),
      ).toHaveLength(1);
      expect(
        languageProblems('uk', {
          'auth.confirm.text': 'Twój adres e-mail został potwierdzony. Możesz teraz korzystać z konta.',
        }),
      ).toHaveLength(1);
    });
    it('a missing and an empty value', () => {
      const rest = { ...readCatalogue(dir, 'de') };
      delete rest['shell.nav.home'];
      expect(completenessProblems(english, { ...rest, 'shell.nav.menu': ' ' })).toEqual([
        'shell.nav.home: missing',
        'shell.nav.menu: missing',
      ]);
    });
  });
});
