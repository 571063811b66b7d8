import { useT } from '../../../lib/i18n/i18n';

/** docs/product.md, "Checkout": the loading overlay over the page while the checkout is prepared. */
export function PaymentOverlay() {
  const t = useT();
  return (
    <div className="payment-overlay" role="status" aria-live="polite" data-testid="payment-overlay">
      <div className="payment-overlay-box">
        <span className="spinner" aria-hidden="true" />
        <p>{t('premium.overlay')}</p>
      </div>
    </div>
  );
}
