import {
  formatPrice,
  fromMinorUnits,
  oneTimeCurrencyForCountry,
  ONE_TIME_CURRENCIES,
  subscriptionCurrencyForCountry,
  subscriptionSavings,
  SUBSCRIPTION_LIST_PRICES,
  toMinorUnits,
} from './currencies';
import { NATIVE_LANGUAGES, NATIVE_LANGUAGE_CODES, ZNativeLanguageSchema } from './languages';
import { POLISH_ALPHABET, TIMERS } from './constants';
import { ZRegisterRequestSchema, ZResetPasswordRequestSchema } from './account';
import { isPremiumRole, rolesFromClaim } from './roles';
import { HUBS, lessonPath } from './content';
import { ROUTES, routeUrl } from './routes';

describe('contracts', () => {
  it('lists the 29 native languages of the spec, English first and default', () => {
    expect(NATIVE_LANGUAGES).toHaveLength(29);
    expect(NATIVE_LANGUAGE_CODES[0]).toBe('en');
    expect(NATIVE_LANGUAGES.find((l) => l.code === 'nb')?.name).toBe('Norwegian (Bokmål)');
    expect(ZNativeLanguageSchema.safeParse('pl').success).toBe(false);
  });

  it('has the 32-letter Polish alphabet without q, v, x', () => {
    expect(POLISH_ALPHABET).toHaveLength(32);
    expect(POLISH_ALPHABET.join('')).not.toMatch(/[QVX]/);
  });

  it('maps countries to currencies per variant', () => {
    expect(subscriptionCurrencyForCountry('PL')).toBe('PLN');
    expect(subscriptionCurrencyForCountry('de')).toBe('EUR');
    expect(subscriptionCurrencyForCountry('HR')).toBe('USD');
    expect(subscriptionCurrencyForCountry('JP')).toBe('USD');
    expect(oneTimeCurrencyForCountry('HR')).toBe('EUR');
    expect(oneTimeCurrencyForCountry('JP')).toBe('JPY');
    expect(oneTimeCurrencyForCountry('DK')).toBe('DKK');
    expect(oneTimeCurrencyForCountry(undefined)).toBe('USD');
    expect(ONE_TIME_CURRENCIES).toHaveLength(15);
  });

  it('computes whole-number savings for 6-month and yearly only', () => {
    expect(subscriptionSavings('monthly', 14.99, 9.99)).toBe(0);
    expect(subscriptionSavings('sixMonth', SUBSCRIPTION_LIST_PRICES.USD.sixMonth, 34.99)).toBe(5);
    expect(subscriptionSavings('yearly', 60, 60)).toBe(0);
  });

  it('converts amounts to and from minor units, JPY without decimals', () => {
    expect(toMinorUnits(59, 'USD')).toBe(5900);
    expect(toMinorUnits(12.99, 'eur')).toBe(1299);
    expect(toMinorUnits(8900, 'JPY')).toBe(8900);
    expect(fromMinorUnits(8900, 'JPY')).toBe(8900);
    expect(fromMinorUnits(1299, 'EUR')).toBe(12.99);
  });

  it('formats prices with a symbol and 2 decimals', () => {
    expect(formatPrice(59, 'USD')).toBe('$59.00');
    expect(formatPrice(12.99, 'CAD')).toBe('CA$12.99');
    expect(formatPrice(239, 'PLN')).toBe('PLN 239.00');
    expect(formatPrice(1390, 'CZK')).toBe('Kč1390.00');
  });

  it('reads the role claim as a single value or a list', () => {
    expect(rolesFromClaim('Member')).toEqual(['Member']);
    expect(rolesFromClaim(['Member', 'PremiumMember', 3])).toEqual(['Member', 'PremiumMember']);
    expect(rolesFromClaim(undefined)).toEqual([]);
    expect(isPremiumRole(['Member', 'PremiumMember'])).toBe(true);
  });

  it('validates registration with the spec messages', () => {
    const r = ZRegisterRequestSchema.safeParse({
      username: ' ',
      email: 'x',
      lang: 'en',
      password: '123',
      confirmPassword: '1234',
    });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'username: Please enter Username',
        'email: Please enter a valid Email Address',
        'password: Password must be at least 6 characters long',
      ]),
    );
    const mismatch = ZResetPasswordRequestSchema.safeParse({
      password: 'abcdef',
      confirmPassword: 'abcdeg',
      token: 't',
      userid: 'u',
    });
    expect(mismatch.error!.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'Passwords do not match',
    });
  });

  it('knows the 9 hubs in order, their lesson paths and the API routes', () => {
    expect(HUBS.map((h) => h.id)).toEqual([
      'complete-beginner',
      'mini-stories',
      'int-mini-stories',
      'yt-stories',
      'short-stories',
      'beginner-moon-story',
      'practical-dialogues',
      'listening-practice',
      'history-of-poland',
    ]);
    expect(lessonPath('mini-stories', 'kot')).toBe('/beginner/kot');
    expect(lessonPath('int-mini-stories', 'x')).toBe('/intermediate/x');
    expect(routeUrl(ROUTES.account.getSession, { userId: 'a b' })).toBe('/api/account/get-session/a%20b');
    expect(routeUrl(ROUTES.account.userUpdatedRoles, {}, { cacheBuster: 17, x: undefined })).toBe(
      '/api/payments/user-updated-roles?cacheBuster=17',
    );
    expect(() => routeUrl(ROUTES.content.lesson, { hub: 'complete-beginner' })).toThrow(/slug/);
    expect(TIMERS.successFinalCheck).toBe(14000);
  });
});
