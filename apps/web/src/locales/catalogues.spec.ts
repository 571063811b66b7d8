import { NATIVE_LANGUAGE_CODES } from '@polski/contracts';
import { catalogueLanguages, readCatalogue } from '../../../../tools/i18n/catalogues.mjs';
import {
  completenessProblems,
  icuProblems,
  languageProblems,
  scriptProblems,
} from '../../../../tools/i18n/gates.mjs';
import { LANGUAGE_CODES } from '../lib/i18n/languages';

// docs/i18n.md, "Gates": every catalogue present passes them; the bad fixtures below show each gate fails
// vitest gives each test file its own folder as __dirname
const dir = __dirname;
const english = readCatalogue(dir, 'en');
/** Languages whose interface catalogue must be complete (the others fall back to English key by key). */
const COMPLETE = ['de', 'uk', 'ar'];

describe('interface catalogues', () => {
  it('knows the 29 languages of the product, in its order', () => {
    expect(LANGUAGE_CODES).toEqual(NATIVE_LANGUAGE_CODES);
  });

  it('keeps the spec English texts word for word', () => {
    const spec: Record<string, string> = {
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

  for (const lang of catalogueLanguages(dir)) {
    describe(lang, () => {
      const catalogue = readCatalogue(dir, lang);
      it('is valid ICU with the arguments and markup of English', () => {
        expect(icuProblems(english, catalogue)).toEqual([]);
      });
      it('is written in its own script and alphabet', () => {
        expect(scriptProblems(lang, catalogue)).toEqual([]);
      });
      it('has nothing that reads as English or Polish (values of 4 words or more)', () => {
        expect(languageProblems(lang, catalogue)).toEqual([]);
      });
      if (COMPLETE.includes(lang)) {
        it('translates every key', () => {
          expect(completenessProblems(english, catalogue)).toEqual([]);
        });
      }
    });
  }

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
      const { 'shell.nav.home': _dropped, ...rest } = readCatalogue(dir, 'de');
      expect(completenessProblems(english, { ...rest, 'shell.nav.menu': ' ' })).toEqual([
        'shell.nav.home: missing',
        'shell.nav.menu: missing',
      ]);
    });
  });
});
