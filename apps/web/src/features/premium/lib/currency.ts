import {
  oneTimeCurrencyForCountry,
  subscriptionCurrencyForCountry,
  SUBSCRIPTION_SYMBOLS,
  currencySymbol,
  formatPrice,
  type TPremiumOffer,
} from '@polski/contracts';

/**
 * docs/product.md, "Currency detection": the country's currency in the offer's own map ("Prices and currencies":
 * the one-time offer knows 15 currencies and Croatia's euro, the subscription offer 5), provided prices exist in
 * it. Otherwise null, with a warning: the spec's "a warning is logged and nothing happens", so the caller leaves
 * the prices as they were (never a switch to USD).
 */
export function chooseCurrency(
  offer: TPremiumOffer,
  countryCode: string | null | undefined,
  available: readonly string[],
): string | null {
  const wanted =
    offer === 'subscription'
      ? subscriptionCurrencyForCountry(countryCode)
      : oneTimeCurrencyForCountry(countryCode);
  if (available.includes(wanted)) return wanted;
  console.warn(`Prices in ${wanted} are not available; the prices are left as they were`);
  return null;
}

/**
 * A price in the interface language (docs/i18n.md, "Dates, numbers and prices"): the amount, its currency and its 2
 * decimals are the spec's ("Prices and currencies"); English keeps the spec's symbols ("PLN 50.00", "$14.99", "CA$20.00"),
 * another language writes them as Intl does for its locale ("14,99 $" in German).
 */
export function formatLocalPrice(amount: number, currency: string, locale: string): string {
  if (locale === 'en') return formatPrice(amount, currency);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/**
 * The amount of 'You save {symbol}{amount}' (docs/product.md, "Prices and currencies"): whole units; in English a
 * text symbol (PLN) is followed by a space, as in prices; another language as Intl writes whole units of the
 * currency for its locale.
 */
export function formatSavings(amount: number, currency: string, locale = 'en'): string {
  if (locale !== 'en')
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }).format(amount);
  const symbol = (SUBSCRIPTION_SYMBOLS as Record<string, string>)[currency] ?? currencySymbol(currency);
  return /^[A-Za-z]+$/.test(symbol) ? `${symbol} ${amount}` : `${symbol}${amount}`;
}
