import { useT } from '../../lib/i18n/i18n';
import './test-mode-marker.css';

/**
 * Shown on every page while the API runs the built-in Stripe emulator (no real payments can happen): the issue's
 * "visible test mode marker". The layout decides when; this only draws it.
 */
export function TestModeMarker() {
  const t = useT();
  return (
    <p className="test-mode-marker" role="note" data-testid="test-mode">
      <strong>{t('testMode.title')}</strong> — {t('testMode.text')}
    </p>
  );
}
