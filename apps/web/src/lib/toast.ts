import { raiseToast } from './toast-loader';

/**
 * The one place that raises toasts, so tests can replace it and the look stays consistent. Titles are optional;
 * the api-client uses the HTTP status as the title (docs/product.md, "Errors the web app shows"). sonner itself
 * loads on first use (toast-loader.ts).
 */
export const toast = {
  success(message: string, title?: string) {
    raiseToast({ kind: 'success', message, title });
  },
  error(message: string, title?: string) {
    raiseToast({ kind: 'error', message, title });
  },
  info(message: string, title?: string) {
    raiseToast({ kind: 'info', message, title });
  },
};
