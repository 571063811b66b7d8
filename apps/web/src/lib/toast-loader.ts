import { lazyModule } from './lazy-module';

/**
 * The toast library (sonner, about 10 KB gzipped) runs when the first toast is raised, not with the app shell (its
 * file is fetched beforehand when the browser is idle: lib/preload-toaster.ts). AppProvider renders the toast list
 * once it is here. Separate from lib/toast.ts, which the component tests replace with mocks.
 */
export interface TToastRequest {
  kind: 'success' | 'error' | 'info';
  message: string;
  title?: string;
}

export const toasterModule = lazyModule(() => import('./toaster'));

/** Shows the toast now when the library is here, else as soon as it has loaded (in the order raised). */
export function raiseToast(request: TToastRequest): void {
  const loaded = toasterModule.get();
  if (loaded) {
    loaded.showToast(request);
    return;
  }
  toasterModule.load().then(
    (m) => m.showToast(request),
    (err: unknown) => console.error(`The message "${request.message}" could not be shown`, err),
  );
}
