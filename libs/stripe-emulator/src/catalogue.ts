import {
  ONE_TIME_CURRENCIES,
  ONE_TIME_PLAN_LABELS,
  SUBSCRIPTION_CURRENCIES,
  SUBSCRIPTION_PLAN_LABELS,
  SUBSCRIPTION_PLAN_MONTHS,
  SUBSCRIPTION_PLANS,
  ONE_TIME_PLANS,
  toMinorUnits,
  type TOneTimeCurrency,
  type TOneTimePlan,
  type TPremiumOffer,
  type TSubscriptionCurrency,
  type TSubscriptionPlan,
} from '@polski/contracts';

/**
 * The products and prices the emulator holds at start, as a Stripe account would after someone set them up in the
 * dashboard. Production finds its prices the same way it finds these: by `lookup_key` (`premium_<sub|once>_<plan>_
 * <currency>`) and `metadata.offer` / `metadata.plan`, never by hard-coded ids.
 */
export interface TCatalogueProduct {
  id: string;
  name: string;
  description?: string;
  metadata?: Record<string, string>;
}

export interface TCataloguePrice {
  id: string;
  product: string;
  /** ISO code in any case; stored lowercase as Stripe does. */
  currency: string;
  /** Minor units (cents); for zero-decimal currencies such as JPY, whole units. */
  unitAmount: number;
  recurring?: { interval: 'day' | 'week' | 'month' | 'year'; intervalCount: number };
  lookupKey?: string;
  nickname?: string;
  metadata?: Record<string, string>;
  active?: boolean;
}

export interface TEmulatorCatalogue {
  products: TCatalogueProduct[];
  prices: TCataloguePrice[];
}

/**
 * Actual variant A prices (major units), each below the list prices (docs/product.md, "Prices and currencies") so
 * the premium page shows savings.
 */
export const EMULATOR_SUBSCRIPTION_PRICES: Record<
  TSubscriptionCurrency,
  Record<TSubscriptionPlan, number>
> = {
  USD: { monthly: 9.99, sixMonth: 34.99, yearly: 49.99 },
  EUR: { monthly: 8.99, sixMonth: 32.99, yearly: 44.99 },
  GBP: { monthly: 7.99, sixMonth: 27.99, yearly: 39.99 },
  PLN: { monthly: 39.99, sixMonth: 139.99, yearly: 199.99 },
  CAD: { monthly: 13.99, sixMonth: 47.99, yearly: 69.99 },
};

/** Variant B prices (major units). JPY and HUF are priced in whole local amounts. */
export const EMULATOR_ONE_TIME_PRICES: Record<TOneTimeCurrency, Record<TOneTimePlan, number>> = {
  USD: { yearly: 59.0, lifetime: 149.0 },
  EUR: { yearly: 55.0, lifetime: 139.0 },
  GBP: { yearly: 49.0, lifetime: 119.0 },
  PLN: { yearly: 239.0, lifetime: 599.0 },
  CAD: { yearly: 79.0, lifetime: 199.0 },
  AUD: { yearly: 89.0, lifetime: 229.0 },
  NZD: { yearly: 99.0, lifetime: 249.0 },
  CHF: { yearly: 55.0, lifetime: 139.0 },
  CZK: { yearly: 1390.0, lifetime: 3490.0 },
  SEK: { yearly: 629.0, lifetime: 1590.0 },
  NOK: { yearly: 649.0, lifetime: 1590.0 },
  DKK: { yearly: 419.0, lifetime: 1049.0 },
  BRL: { yearly: 299.0, lifetime: 749.0 },
  JPY: { yearly: 8900, lifetime: 22000 },
  HUF: { yearly: 21900.0, lifetime: 54900.0 },
};

const PLAN_ID_PART: Record<TSubscriptionPlan | TOneTimePlan, string> = {
  monthly: 'monthly',
  sixMonth: 'sixmonth',
  yearly: 'yearly',
  lifetime: 'lifetime',
};

/** Deterministic ids: `price_sub_monthly_usd`, `price_once_lifetime_jpy`. */
export function cataloguePriceId(
  offer: TPremiumOffer,
  plan: TSubscriptionPlan | TOneTimePlan,
  currency: string,
): string {
  return `price_${offer === 'subscription' ? 'sub' : 'once'}_${PLAN_ID_PART[plan]}_${currency.toLowerCase()}`;
}

/** Lookup keys, the production-safe handle on a price: `premium_sub_monthly_usd`, `premium_once_lifetime_jpy`. */
export function catalogueLookupKey(
  offer: TPremiumOffer,
  plan: TSubscriptionPlan | TOneTimePlan,
  currency: string,
): string {
  return `premium_${offer === 'subscription' ? 'sub' : 'once'}_${PLAN_ID_PART[plan]}_${currency.toLowerCase()}`;
}

export function catalogueProductId(offer: TPremiumOffer, plan: TSubscriptionPlan | TOneTimePlan): string {
  return `prod_${offer === 'subscription' ? 'sub' : 'once'}_${PLAN_ID_PART[plan]}`;
}

function subscriptionCatalogue(): TEmulatorCatalogue {
  const products: TCatalogueProduct[] = SUBSCRIPTION_PLANS.map((plan) => ({
    id: catalogueProductId('subscription', plan),
    name: `Polski Stories Premium (${SUBSCRIPTION_PLAN_LABELS[plan]})`,
    description:
      'All premium lessons, audio for every lesson and the multilingual translator. Renews automatically.',
    metadata: { offer: 'subscription', plan },
  }));
  const prices: TCataloguePrice[] = [];
  for (const currency of SUBSCRIPTION_CURRENCIES) {
    for (const plan of SUBSCRIPTION_PLANS) {
      prices.push({
        id: cataloguePriceId('subscription', plan, currency),
        product: catalogueProductId('subscription', plan),
        currency,
        unitAmount: toMinorUnits(EMULATOR_SUBSCRIPTION_PRICES[currency][plan], currency),
        recurring: { interval: 'month', intervalCount: SUBSCRIPTION_PLAN_MONTHS[plan] },
        lookupKey: catalogueLookupKey('subscription', plan, currency),
        nickname: `${SUBSCRIPTION_PLAN_LABELS[plan]} ${currency}`,
        metadata: { offer: 'subscription', plan },
      });
    }
  }
  return { products, prices };
}

function oneTimeCatalogue(): TEmulatorCatalogue {
  const products: TCatalogueProduct[] = ONE_TIME_PLANS.map((plan) => ({
    id: catalogueProductId('one-time', plan),
    name: plan === 'yearly' ? 'Polski Stories Premium (1 year)' : 'Polski Stories Premium (Lifetime)',
    description:
      plan === 'yearly'
        ? 'One year of premium access. One payment, no subscription.'
        : 'Premium access for the life of the platform. One payment.',
    metadata: { offer: 'one-time', plan },
  }));
  const prices: TCataloguePrice[] = [];
  for (const currency of ONE_TIME_CURRENCIES) {
    for (const plan of ONE_TIME_PLANS) {
      prices.push({
        id: cataloguePriceId('one-time', plan, currency),
        product: catalogueProductId('one-time', plan),
        currency,
        unitAmount: toMinorUnits(EMULATOR_ONE_TIME_PRICES[currency][plan], currency),
        lookupKey: catalogueLookupKey('one-time', plan, currency),
        nickname: `${ONE_TIME_PLAN_LABELS[plan]} ${currency}`,
        metadata: { offer: 'one-time', plan },
      });
    }
  }
  return { products, prices };
}

/**
 * The default seed. `'both'` (the default) holds both variants at once, as one Stripe account can: the API picks
 * its variant's prices by `metadata.offer` / lookup key, so switching `PREMIUM_OFFER` needs no new catalogue.
 */
export function defaultCatalogue(offer: TPremiumOffer | 'both' = 'both'): TEmulatorCatalogue {
  const parts: TEmulatorCatalogue[] = [];
  if (offer === 'subscription' || offer === 'both') parts.push(subscriptionCatalogue());
  if (offer === 'one-time' || offer === 'both') parts.push(oneTimeCatalogue());
  return {
    products: parts.flatMap((p) => p.products),
    prices: parts.flatMap((p) => p.prices),
  };
}
