import { Toaster, toast as sonner } from 'sonner';
import { TOAST } from '@polski/contracts';
import type { TToastRequest } from './toast-loader';

/**
 * sonner, loaded on first use (lib/toast-loader.ts): the toast list and the function that raises one. Toasts raised
 * before the list is mounted are shown when it mounts (sonner replays active toasts to a new Toaster).
 */
export function Toasts() {
  return <Toaster position={TOAST.position} duration={TOAST.timeOut} richColors closeButton />;
}

/**
 * One toast per failure (docs/product.md, "Errors the web app shows"): a toast with the same kind, title and text as
 * one still shown replaces it (sonner updates a toast by its id) instead of stacking a copy, e.g. when several
 * requests fail at once offline.
 */
export function showToast({ kind, message, title }: TToastRequest) {
  const id = `${kind}\n${title ?? ''}\n${message}`;
  if (title) sonner[kind](title, { id, description: message, duration: TOAST.timeOut });
  else sonner[kind](message, { id, duration: TOAST.timeOut });
}
