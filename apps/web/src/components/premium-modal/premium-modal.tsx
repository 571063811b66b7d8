import { lazy, Suspense, useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useT, type TMessageKey } from '../../lib/i18n/i18n';
import { rich } from '../../lib/i18n/rich';
import { useUser } from '../../lib/session';
import { Modal } from '../ui/modal';
import './premium-modal.css';
import { useAudioSource } from '../../features/content/api/use-audio-claims';
import { premiumHrefFor } from '../../features/premium/lib/return-to';

// the price line asks for the prices (with their zod schemas): loaded when the modal first opens, so a lesson
// page's first load stays without them (docs/performance.md)
const ModalPrice = lazy(() => import('./modal-price'));

/**
 * The premium modal of docs/product.md, "Modals": its texts are product constants, but for the audio, which says
 * what the catalogue has (docs/product.md, "Honest audio claims": the message selects on the catalogue's audio).
 */
export const PREMIUM_BENEFITS: readonly TMessageKey[] = [
  'premium.modal.exclusive',
  'premium.modal.exercises',
  'premium.modal.audio',
  'premium.modal.translator',
];

export interface TPremiumModalProps {
  open: boolean;
  onClose: () => void;
  /** Opens the 'Log in or register' dialog: a signed-out member is offered "Log in" (the modal closes first). */
  onSignIn?: () => void;
}

/**
 * 'Get Premium Access!': shown where a visitor without premium reaches premium content (a gated lesson, the
 * translator). It knows nothing of what was gated; closing it is the caller's business (the gate stays). Besides the
 * spec's texts it says what Premium costs in the visitor's currency and, to a signed-out visitor, offers "Log in"
 * (docs/product.md, "Modals"). 'Get Premium' carries the lesson the visitor is on (?returnTo=), so that after
 * paying the buyer comes back to it.
 */
export function PremiumModal({ open, onClose, onSignIn }: TPremiumModalProps) {
  const headingId = useId();
  const t = useT();
  const user = useUser();
  const { pathname } = useLocation();
  return (
    <Modal open={open} onClose={onClose} labelledBy={headingId} className="premium-modal">
      <div className="premium-modal-badge" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
          <path
            d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8z"
            fill="currentColor"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h2 id={headingId} className="premium-modal-title">
        {t('premium.modal.title')}
      </h2>
      <Benefits />
      <p className="premium-modal-social">{t('premium.modal.social')}</p>
      <Suspense fallback={null}>
        <ModalPrice />
      </Suspense>
      <Link
        to={premiumHrefFor(pathname)}
        className="btn btn-primary btn-block"
        data-autofocus
        onClick={onClose}
      >
        {t('premium.modal.cta')}
      </Link>
      {!user && onSignIn ? (
        <p className="premium-modal-login">
          {rich(t('premium.haveAccount'), {
            0: (c) => (
              <button
                type="button"
                className="btn-link"
                onClick={() => {
                  onClose();
                  onSignIn();
                }}
              >
                {c}
              </button>
            ),
          })}
        </p>
      ) : null}
    </Modal>
  );
}

/** The list, mounted with the open modal only: it asks for the catalogue's audio summary (use-audio-claims.ts). */
function Benefits() {
  const t = useT();
  const audio = useAudioSource() ?? 'unknown';
  return (
    <ul className="premium-modal-benefits">
      {PREMIUM_BENEFITS.map((b) => (
        <li key={b}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
          {t(b, { audio })}
        </li>
      ))}
    </ul>
  );
}
