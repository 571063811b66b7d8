import { toast as sonner } from 'sonner';
import { TOAST } from '@polski/contracts';

/**
 * The one place that raises toasts, so tests can replace it and the look stays consistent. Titles are optional;
 * the api-client uses the HTTP status as the title (spec §8).
 */
export const toast = {
  success(message: string, title?: string) {
    show('success', message, title);
  },
  error(message: string, title?: string) {
    show('error', message, title);
  },
  info(message: string, title?: string) {
    show('info', message, title);
  },
};

function show(kind: 'success' | 'error' | 'info', message: string, title?: string) {
  if (title) sonner[kind](title, { description: message, duration: TOAST.timeOut });
  else sonner[kind](message, { duration: TOAST.timeOut });
}
