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

export function showToast({ kind, message, title }: TToastRequest) {
  if (title) sonner[kind](title, { description: message, duration: TOAST.timeOut });
  else sonner[kind](message, { duration: TOAST.timeOut });
}
