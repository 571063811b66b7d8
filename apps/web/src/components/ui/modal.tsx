import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../lib/i18n/i18n';
import './modal.css';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export interface TModalProps {
  open: boolean;
  onClose: () => void;
  /** Rendered as the dialog's heading and its accessible name. Omit when a child renders the heading. */
  title?: ReactNode;
  /** id of a heading rendered by the children, when `title` is omitted. */
  labelledBy?: string;
  children: ReactNode;
  /** docs/product.md, "Modals": backdrop on, keyboard close on, animated. */
  closeOnBackdrop?: boolean;
  closeOnEscape?: boolean;
  animated?: boolean;
  className?: string;
}

/**
 * An accessible dialog: labelled by its heading, focus moved inside on open, trapped while open and given back
 * to the element that opened it; Escape and a click on the backdrop close it.
 */
export function Modal({
  open,
  onClose,
  title,
  labelledBy,
  children,
  closeOnBackdrop = true,
  closeOnEscape = true,
  animated = true,
  className,
}: TModalProps) {
  const titleId = useId();
  const t = useT();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(dialog)[0];
    (first ?? dialog)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && closeOnEscape) {
        e.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (e.key === 'Tab' && dialog) trapTab(e, dialog);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      if (opener && opener.isConnected) opener.focus();
    };
  }, [open, closeOnEscape]);

  if (!open) return null;
  return createPortal(
    <div
      className={`modal-backdrop${animated ? ' modal-animated' : ''}`}
      data-testid="modal-backdrop"
      onMouseDown={(e) => {
        if (closeOnBackdrop && e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : labelledBy}
        tabIndex={-1}
        className={`modal-dialog${className ? ` ${className}` : ''}`}
      >
        <button type="button" className="modal-close" aria-label={t('modal.close')} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        {title ? (
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}

function focusables(root: HTMLElement | null | undefined): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true',
  );
}

function trapTab(e: KeyboardEvent, dialog: HTMLElement) {
  const items = focusables(dialog);
  if (items.length === 0) {
    e.preventDefault();
    dialog.focus();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (e.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}
