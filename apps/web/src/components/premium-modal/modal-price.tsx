import type { TPremiumOffer } from '@polski/contracts';
import { useT } from '../../lib/i18n/i18n';
import { usePaymentsConfig } from '../../features/premium/api/get-payments-config';
import { formatLocalPrice } from '../../features/premium/lib/currency';
import { useOfferPrices } from '../../features/premium/lib/use-offer-prices';

/**
 * What Premium costs, in the visitor's currency (docs/product.md, "Currency detection" and "Prices and
 * currencies"), with the premium page's own rules: the yearly price of the one-time offer ("From {price} for one
 * year"), the monthly price of the subscription ("From {price} a month"). While loading, 'Loading prices...'; if
 * the prices fail (logged), no line.
 */
export default function ModalPrice() {
  const config = usePaymentsConfig();
  return config.data ? <OfferPrice offer={config.data.offer} /> : null;
}

function OfferPrice({ offer }: { offer: TPremiumOffer }) {
  const t = useT();
  const prices = useOfferPrices(offer);
  if (prices.failed) return null;
  const price = prices.priceOf(offer === 'subscription' ? 'monthly' : 'yearly');
  if (prices.loading || !prices.currency || !price) {
    return <p className="premium-modal-price">{t('premium.loadingPrices')}</p>;
  }
  const amount = formatLocalPrice(price.amount, prices.currency, t.locale);
  return (
    <p className="premium-modal-price" data-testid="premium-modal-price">
      {offer === 'subscription'
        ? t('paywall.modal.priceMonthly', { price: amount })
        : t('premium.fromPrice', { price: amount })}
    </p>
  );
}
