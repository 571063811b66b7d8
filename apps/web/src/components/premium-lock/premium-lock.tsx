import { useT } from '../../lib/i18n/i18n';
import { useUser } from '../../lib/session';
import './premium-lock.css';

/**
 * Whether the reader would meet the paywall behind a premium lesson's link (docs/product.md, "Premium lessons are
 * marked"): everyone without PremiumMember, visitors included. A member sees no locks.
 */
export function useLocked(premium: boolean | undefined): boolean {
  const user = useUser();
  // the role's name, not the contracts' isPremiumRole: that module brings zod into the lesson page's first load
  return Boolean(premium) && !(user?.roles ?? []).includes('PremiumMember');
}

/**
 * The lock of a premium lesson's link: a padlock shape (not a colour) and words for screen readers, "Premium
 * lesson" (in the interface language, inside a Polish title); `visible` also writes the short "Premium" next to it (the lesson pager).
 */
export function PremiumLock({ visible = false }: { visible?: boolean }) {
  const t = useT();
  return (
    <>
      {' '}
      <span className="premium-lock" data-testid="premium-lock" lang={t.locale}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d="M7 10V7.5a5 5 0 0 1 10 0V10M5.5 10h13a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-13a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zM12 14.5v2.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {visible ? (
          <span className="premium-lock-text">
            <span aria-hidden="true">{t('lesson.premium')}</span>
            <span className="visually-hidden">{t('paywall.lock.label')}</span>
          </span>
        ) : (
          <span className="visually-hidden">{t('paywall.lock.label')}</span>
        )}
      </span>
    </>
  );
}
