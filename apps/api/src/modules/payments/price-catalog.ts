import type Stripe from 'stripe';
import {
  ERROR_CODES,
  fromMinorUnits,
  ONE_TIME_CURRENCIES,
  ONE_TIME_PLANS,
  SUBSCRIPTION_CURRENCIES,
  SUBSCRIPTION_PLANS,
  TEST_PAYMENT,
  toMinorUnits,
  type TPremiumOffer,
} from '@polski/contracts';
import { ServiceUnavailableError } from '../../lib/errors';

export interface TPriceEntry {
  id: string;
  /** uppercase ISO code */
  currency: string;
  /** major units (JPY: whole yen) */
  amount: number;
  /** minor units, as Stripe counts */
  unitAmount: number;
  plan: string;
  offer: TPremiumOffer;
  recurring: boolean;
}

const PLAN_KEY: Record<string, string> = {
  monthly: 'monthly',
  sixMonth: 'sixmonth',
  yearly: 'yearly',
  lifetime: 'lifetime',
};

/** The lookup key a price of the catalogue carries in Stripe: premium_once_lifetime_jpy, premium_sub_monthly_usd. */
export function lookupKey(offer: TPremiumOffer, plan: string, currency: string): string {
  return `premium_${offer === 'subscription' ? 'sub' : 'once'}_${PLAN_KEY[plan]}_${currency.toLowerCase()}`;
}

export function offerPlans(offer: TPremiumOffer): {
  plans: readonly string[];
  currencies: readonly string[];
} {
  return offer === 'subscription'
    ? { plans: SUBSCRIPTION_PLANS, currencies: SUBSCRIPTION_CURRENCIES }
    : { plans: ONE_TIME_PLANS, currencies: ONE_TIME_CURRENCIES };
}

/**
 * The active offer's prices, read from Stripe and cached per process for `ttlSeconds` (prices are read-only data
 * from Stripe; each process may hold its own copy). Price ids come from configuration (STRIPE_PRICE_IDS) or, by
 * default, from the prices' lookup keys. When Stripe cannot be reached, the last good list is served.
 */
export class PriceCatalog {
  private cache: { at: number; entries: TPriceEntry[] } | undefined;
  private loading: Promise<TPriceEntry[]> | undefined;

  constructor(
    private readonly stripe: Stripe,
    readonly offer: TPremiumOffer,
    private readonly configuredIds: Record<string, Record<string, string>> | undefined,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<TPriceEntry[]> {
    if (this.cache && this.now() - this.cache.at < this.ttlSeconds * 1000) return this.cache.entries;
    this.loading ??= this.load()
      .then((entries) => {
        this.cache = { at: this.now(), entries };
        return entries;
      })
      .finally(() => {
        this.loading = undefined;
      });
    try {
      return await this.loading;
    } catch {
      if (this.cache) return this.cache.entries;
      throw new ServiceUnavailableError(
        ERROR_CODES.paymentsUnavailable,
        'Prices are not available right now. Please try again in a moment.',
        30,
      );
    }
  }

  async find(priceId: string): Promise<TPriceEntry | undefined> {
    return (await this.list()).find((p) => p.id === priceId);
  }

  private test: Promise<TPriceEntry> | undefined;

  /**
   * The fixed test price (TEST_PAYMENT): the active one-time Stripe price under its lookup key at its amount, made
   * once when the account has none (the caller checks that payments are in test mode).
   */
  testPrice(): Promise<TPriceEntry> {
    this.test ??= this.findOrCreateTestPrice().catch((err: unknown) => {
      this.test = undefined;
      throw err instanceof ServiceUnavailableError
        ? err
        : new ServiceUnavailableError(
            ERROR_CODES.paymentsUnavailable,
            'Prices are not available right now. Please try again in a moment.',
            30,
          );
    });
    return this.test;
  }

  private async findOrCreateTestPrice(): Promise<TPriceEntry> {
    const { currency, amount, lookupKey, plan } = TEST_PAYMENT;
    const unitAmount = toMinorUnits(amount, currency);
    let price: Stripe.Price | undefined;
    for await (const p of this.stripe.prices.list({ active: true, limit: 100 })) {
      if (
        p.lookup_key === lookupKey &&
        p.unit_amount === unitAmount &&
        p.currency.toUpperCase() === currency &&
        p.type === 'one_time'
      ) {
        price = p;
        break;
      }
    }
    price ??= await this.stripe.prices.create({
      currency: currency.toLowerCase(),
      unit_amount: unitAmount,
      lookup_key: lookupKey,
      transfer_lookup_key: true,
      product_data: { name: 'Polski Stories test payment' },
    });
    return { id: price.id, currency, amount, unitAmount, plan, offer: 'one-time', recurring: false };
  }

  private async load(): Promise<TPriceEntry[]> {
    const { plans, currencies } = offerPlans(this.offer);
    const wanted = new Map<string, { plan: string; currency: string }>();
    for (const plan of plans) {
      for (const currency of currencies) {
        const configured = this.configuredIds?.[plan]?.[currency];
        wanted.set(configured ?? `lookup:${lookupKey(this.offer, plan, currency)}`, { plan, currency });
      }
    }
    const all: Stripe.Price[] = [];
    for await (const price of this.stripe.prices.list({ active: true, limit: 100 })) all.push(price);
    const entries: TPriceEntry[] = [];
    for (const price of all) {
      const want =
        wanted.get(price.id) ?? (price.lookup_key ? wanted.get(`lookup:${price.lookup_key}`) : undefined);
      if (!want || price.unit_amount === null) continue;
      if (price.currency.toUpperCase() !== want.currency) continue;
      entries.push({
        id: price.id,
        currency: want.currency,
        amount: fromMinorUnits(price.unit_amount, want.currency),
        unitAmount: price.unit_amount,
        plan: want.plan,
        offer: this.offer,
        recurring: price.type === 'recurring',
      });
    }
    return entries.sort((a, b) => a.currency.localeCompare(b.currency) || a.id.localeCompare(b.id));
  }
}
