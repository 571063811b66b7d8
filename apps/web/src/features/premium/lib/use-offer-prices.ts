import { useEffect, useMemo, useState } from 'react';
import type { TPremiumOffer, TPriceEntryResponse } from '@polski/contracts';
import { useOneTimePrices } from '../api/get-one-time-prices';
import { useSubscriptionPrices } from '../api/get-subscription-prices';
import { useUserLocation } from '../api/get-user-location';
import { chooseCurrency } from './currency';

export interface TOfferPrices {
  /** Still waiting for the prices or the location. */
  loading: boolean;
  /** The prices could not be loaded (logged). */
  failed: boolean;
  retry: () => void;
  /** The detected currency (docs/product.md, "Currency detection"), once known. */
  currency: string | null;
  /** Price of a plan in the detected currency. */
  priceOf: (plan: string, currency?: string) => TPriceEntryResponse | null;
}

/**
 * docs/product.md, "Currency detection": fetch the price list, detect the country, choose the currency, and give
 * the prices to show. Variant A reads the flat list, variant B the list grouped by currency.
 */
export function useOfferPrices(offer: TPremiumOffer): TOfferPrices {
  const list = useSubscriptionPrices({ enabled: offer === 'subscription' });
  const grouped = useOneTimePrices({ enabled: offer === 'one-time' });
  const location = useUserLocation();
  const query = offer === 'subscription' ? list : grouped;

  const entries = useMemo<TPriceEntryResponse[] | null>(() => {
    if (offer === 'subscription') return list.data ?? null;
    if (!grouped.data) return null;
    return Object.values(grouped.data).flatMap((byId) => Object.values(byId));
  }, [offer, list.data, grouped.data]);

  const chosen = useMemo(() => {
    if (!entries || location.isPending) return null;
    const available = [...new Set(entries.map((e) => e.currency.toUpperCase()))];
    return chooseCurrency(offer, location.data ?? null, available);
  }, [entries, location.isPending, location.data, offer]);
  // an unsupported currency changes nothing (docs/product.md, "Currency detection"): the prices shown before stay,
  // and before any were shown, 'Loading prices...' stays
  const [kept, setKept] = useState<string | null>(null);
  if (chosen && chosen !== kept) setKept(chosen); // kept in step during render (React's derived-state pattern)
  const currency = chosen ?? (entries?.some((e) => e.currency.toUpperCase() === kept) ? kept : null);

  useLogFailure(query.error);

  return {
    loading: !query.isError && (!entries || currency === null),
    failed: query.isError,
    retry: () => void query.refetch(),
    currency,
    priceOf: (plan, cur = currency ?? undefined) =>
      entries?.find((e) => e.plan === plan && e.currency.toUpperCase() === cur) ?? null,
  };
}

/** docs/product.md, "Currency detection": a price fetch failure is logged; the prices stay 'Loading prices...'. */
function useLogFailure(error: Error | null) {
  useEffect(() => {
    if (error) console.error('Loading the prices failed', error);
  }, [error]);
}
