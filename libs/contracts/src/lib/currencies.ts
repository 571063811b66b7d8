/**
 * Currencies, symbols, country maps and list prices of both premium offers (docs/product.md, "Prices and
 * currencies").
 */

export const PREMIUM_OFFERS = ['one-time', 'subscription'] as const;
export type TPremiumOffer = (typeof PREMIUM_OFFERS)[number];

export const EURO_AREA_COUNTRIES = [
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'LU',
  'IE',
  'PT',
  'AT',
  'FI',
  'GR',
  'SK',
  'SI',
  'LV',
  'LT',
  'EE',
  'MT',
  'CY',
] as const;

// ---- Variant A: subscription -------------------------------------------------------------------------------
export const SUBSCRIPTION_PLANS = ['monthly', 'sixMonth', 'yearly'] as const;
export type TSubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const SUBSCRIPTION_PLAN_LABELS: Record<TSubscriptionPlan, string> = {
  monthly: 'Monthly',
  sixMonth: '6-Month',
  yearly: 'Yearly',
};
export const SUBSCRIPTION_PLAN_MONTHS: Record<TSubscriptionPlan, number> = {
  monthly: 1,
  sixMonth: 6,
  yearly: 12,
};

export const SUBSCRIPTION_CURRENCIES = ['USD', 'EUR', 'GBP', 'PLN', 'CAD'] as const;
export type TSubscriptionCurrency = (typeof SUBSCRIPTION_CURRENCIES)[number];

/** List ("before") prices, major units. */
export const SUBSCRIPTION_LIST_PRICES: Record<TSubscriptionCurrency, Record<TSubscriptionPlan, number>> = {
  USD: { monthly: 14.99, sixMonth: 40.0, yearly: 60.0 },
  EUR: { monthly: 12.99, sixMonth: 38.0, yearly: 57.0 },
  GBP: { monthly: 11.99, sixMonth: 32.0, yearly: 49.0 },
  PLN: { monthly: 50.0, sixMonth: 160.0, yearly: 239.0 },
  CAD: { monthly: 20.0, sixMonth: 65.0, yearly: 89.0 },
};

export const SUBSCRIPTION_SYMBOLS: Record<TSubscriptionCurrency, string> = {
  USD: '$',
  EUR: '€',
  PLN: 'PLN',
  GBP: '£',
  CAD: 'CA$',
};

export function subscriptionCurrencyForCountry(
  countryCode: string | null | undefined,
): TSubscriptionCurrency {
  const c = (countryCode ?? '').toUpperCase();
  if (c === 'PL') return 'PLN';
  if (c === 'GB') return 'GBP';
  if (c === 'CA') return 'CAD';
  if ((EURO_AREA_COUNTRIES as readonly string[]).includes(c)) return 'EUR';
  return 'USD';
}

/** Whole-number savings shown for 6-month and yearly only (docs/product.md, "Prices and currencies"). */
export function subscriptionSavings(plan: TSubscriptionPlan, listPrice: number, actualPrice: number): number {
  if (plan === 'monthly') return 0;
  return Math.max(0, Math.trunc(listPrice - actualPrice));
}

// ---- Variant B: one-time -----------------------------------------------------------------------------------
export const ONE_TIME_PLANS = ['yearly', 'lifetime'] as const;
export type TOneTimePlan = (typeof ONE_TIME_PLANS)[number];
/**
 * The hidden test button's payment (docs/product.md, "Premium page"; the spec's "a test payment with a fixed test
 * price"): a fixed USD 1.00, not a plan on sale, taken only where payments are in test mode (the Stripe emulator or
 * Stripe test keys: no real money moves). It gives one day of premium, so the whole purchase can be tried.
 */
export const TEST_PAYMENT = {
  priceId: 'price_test_payment',
  plan: 'test',
  currency: 'USD',
  amount: 1,
  accessDays: 1,
  /** The Stripe price's lookup key: found by it, or made once when the account has none. */
  lookupKey: 'premium_once_test_usd',
} as const;

/** Whether payments run where no real money moves: the emulator (no key) or a Stripe test key. */
export function paymentsInTestMode(stripeSecretKey: string | null | undefined): boolean {
  return !stripeSecretKey || /^(sk|rk)_test_/.test(stripeSecretKey);
}

export const ONE_TIME_PLAN_LABELS: Record<TOneTimePlan, string> = { yearly: 'Yearly', lifetime: 'Lifetime' };

export const ONE_TIME_CURRENCIES = [
  'PLN',
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'CZK',
  'SEK',
  'NOK',
  'DKK',
  'BRL',
  'JPY',
  'HUF',
] as const;
export type TOneTimeCurrency = (typeof ONE_TIME_CURRENCIES)[number];
export const DEFAULT_CURRENCY = 'USD' as const;

export const ONE_TIME_SYMBOLS: Record<TOneTimeCurrency, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  CAD: 'CA$',
  AUD: 'A$',
  NZD: 'NZ$',
  BRL: 'R$',
  JPY: '¥',
  CZK: 'Kč',
  HUF: 'Ft',
  PLN: 'PLN',
  CHF: 'CHF',
  SEK: 'SEK',
  NOK: 'NOK',
  DKK: 'DKK',
};

const ONE_TIME_COUNTRY_CURRENCY: Record<string, TOneTimeCurrency> = {
  PL: 'PLN',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  CZ: 'CZK',
  SE: 'SEK',
  NO: 'NOK',
  BR: 'BRL',
  JP: 'JPY',
  HU: 'HUF',
  DK: 'DKK',
};

export function oneTimeCurrencyForCountry(countryCode: string | null | undefined): TOneTimeCurrency {
  const c = (countryCode ?? '').toUpperCase();
  if (ONE_TIME_COUNTRY_CURRENCY[c]) return ONE_TIME_COUNTRY_CURRENCY[c];
  if ((EURO_AREA_COUNTRIES as readonly string[]).includes(c) || c === 'HR') return 'EUR';
  return 'USD';
}

/** Currencies Stripe counts in whole units (no minor unit), among those this product sells in. */
export const ZERO_DECIMAL_CURRENCIES = ['JPY'] as const;

export function toMinorUnits(amount: number, currency: string): number {
  return (ZERO_DECIMAL_CURRENCIES as readonly string[]).includes(currency.toUpperCase())
    ? Math.round(amount)
    : Math.round(amount * 100);
}

export function fromMinorUnits(minor: number, currency: string): number {
  return (ZERO_DECIMAL_CURRENCIES as readonly string[]).includes(currency.toUpperCase())
    ? minor
    : minor / 100;
}

export function currencySymbol(currency: string): string {
  const c = currency.toUpperCase();
  return (ONE_TIME_SYMBOLS as Record<string, string>)[c] ?? c;
}

/**
 * Prices are displayed with a currency symbol and 2 decimals (docs/product.md, "Prices and currencies"). Text
 * symbols get a space.
 */
export function formatPrice(amount: number, currency: string): string {
  const symbol = currencySymbol(currency);
  const value = amount.toFixed(2);
  return /^[A-Za-z]+$/.test(symbol) ? `${symbol} ${value}` : `${symbol}${value}`;
}
