import type { TPremiumOffer, TPriceEntryResponse, TSelectedPrices2Response } from '@polski/contracts';
import { jsonResponse } from '../../../test/fixtures';

/** Variant A's prices as the emulator's catalogue has them (USD 9.99 / 34.99 / 49.99 ...). */
export const SUBSCRIPTION_PRICES: TPriceEntryResponse[] = [
  ['USD', 9.99, 34.99, 49.99],
  ['EUR', 8.99, 31.99, 44.99],
  // GBP's yearly equals its list price (49.00): no savings, no strike-through
  ['GBP', 7.99, 27.99, 49.0],
  ['PLN', 39.99, 139.99, 199.99],
  ['CAD', 13.99, 49.99, 69.99],
].flatMap(([cur, m, s, y]) =>
  (
    [
      ['monthly', m],
      ['sixMonth', s],
      ['yearly', y],
    ] as const
  ).map(([plan, amount]) => ({
    id: `price_sub_${plan.toLowerCase()}_${String(cur).toLowerCase()}`,
    currency: String(cur),
    amount: Number(amount),
    plan,
  })),
);

const ONE_TIME: [string, number, number][] = [
  ['PLN', 229, 579],
  ['USD', 59, 149],
  ['EUR', 55, 139],
  ['GBP', 47, 119],
  ['CAD', 79, 199],
  ['AUD', 89, 229],
  ['NZD', 95, 239],
  ['CHF', 55, 139],
  ['CZK', 1390, 3490],
  ['SEK', 649, 1590],
  ['NOK', 649, 1590],
  ['DKK', 429, 1090],
  ['BRL', 299, 749],
  ['JPY', 8900, 22000],
  ['HUF', 21900, 54900],
];

/** Variant B's prices grouped by currency then id, as get-selected-prices2 answers. */
export const ONE_TIME_PRICES: TSelectedPrices2Response = Object.fromEntries(
  ONE_TIME.map(([cur, yearly, lifetime]) => {
    const y = { id: `price_once_yearly_${cur.toLowerCase()}`, currency: cur, amount: yearly, plan: 'yearly' };
    const l = {
      id: `price_once_lifetime_${cur.toLowerCase()}`,
      currency: cur,
      amount: lifetime,
      plan: 'lifetime',
    };
    return [cur, { [y.id]: y, [l.id]: l }];
  }),
);

export type TRoute = (body: unknown, url: URL) => Response | Promise<Response>;

/**
 * A fetch stand-in for the payments API: the config of `offer`, both price lists, the location `country`, and any
 * extra `routes` ('METHOD /api/path' -> answer). Unknown calls fail the test.
 */
export function fakePaymentsApi(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  {
    offer,
    country = 'US',
    testMode = true,
    routes = {},
  }: { offer: TPremiumOffer; country?: string | null; testMode?: boolean; routes?: Record<string, TRoute> },
) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (routes[key]) return routes[key](body, url);
    switch (key) {
      case 'GET /api/payments/config':
        return jsonResponse(200, { offer, testMode });
      case 'GET /api/payments/get-selected-prices':
        return jsonResponse(200, SUBSCRIPTION_PRICES);
      case 'GET /api/payments/get-selected-prices2':
        return jsonResponse(200, ONE_TIME_PRICES);
      // the audio claims' source (use-audio-claims.ts): no summary unless a test gives one
      case 'GET /api/content/hubs':
        return jsonResponse(200, []);
      case 'GET /api/payments/get-user-location':
        return country === null
          ? jsonResponse(500, { message: 'boom' })
          : jsonResponse(200, { countryCode: country });
      default:
        throw new Error(`unexpected call ${key}`);
    }
  });
}

/** The calls made so far, as 'METHOD /api/path'. */
export function callsOf(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>): string[] {
  return fetchMock.mock.calls.map(
    ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`,
  );
}
