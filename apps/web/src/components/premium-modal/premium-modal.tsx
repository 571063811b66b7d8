import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useT, type TMessageKey } from '../../lib/i18n/i18n';
import { Modal } from '../ui/modal';
import './premium-modal.css';
import { useAudioSource } from '../../features/content/api/use-audio-claims';

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
}

/**
 * 'Get Premium Access!': shown where a visitor without premium reaches premium content (a gated lesson, the
 * translator). It knows nothing of what was gated; closing it is the caller's business (the gate stays).
 */
export function PremiumModal({ open, onClose }: TPremiumModalProps) {
  const headingId = useId();
  const t = useT();
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
      <Link
        to={paths.premiumMember.getHref()}
        className="btn btn-primary btn-block"
        data-autofocus
        onClick={onClose}
      >
        {t('premium.modal.cta')}
      </Link>
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
