import {
  DEFAULT_CURRENCY,
  oneTimeCurrencyForCountry,
  subscriptionCurrencyForCountry,
  SUBSCRIPTION_SYMBOLS,
  currencySymbol,
  type TPremiumOffer,
} from '@polski/contracts';

/**
 * docs/product.md, "Currency detection": the country's currency in the offer's own map ("Prices and currencies":
 * the one-time offer knows 15 currencies and Croatia's euro, the subscription offer 5), provided prices exist in
 * it; otherwise a warning is logged and the page keeps the default, USD.
 */
export function chooseCurrency(
  offer: TPremiumOffer,
  countryCode: string | null | undefined,
  available: readonly string[],
): string {
  const wanted =
    offer === 'subscription'
      ? subscriptionCurrencyForCountry(countryCode)
      : oneTimeCurrencyForCountry(countryCode);
  if (available.includes(wanted)) return wanted;
  console.warn(`Prices in ${wanted} are not available; showing ${DEFAULT_CURRENCY}`);
  return DEFAULT_CURRENCY;
}

/**
 * 'You save {symbol}{amount}' (docs/product.md, "Prices and currencies"): whole units; a text symbol (PLN) is
 * followed by a space, as in prices.
 */
export function formatSavings(amount: number, currency: string): string {
  const symbol = (SUBSCRIPTION_SYMBOLS as Record<string, string>)[currency] ?? currencySymbol(currency);
  return /^[A-Za-z]+$/.test(symbol) ? `${symbol} ${amount}` : `${symbol}${amount}`;
}
