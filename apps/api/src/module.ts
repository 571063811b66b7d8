import type { TFastRoute } from './middleware/fast-lane';
import type { TContractRouter } from './middleware/contract-router';
import type { TPageDataSource } from './middleware/web-app';
import type { TBaseDeps, TServices } from './services';

/**
 * A module of the product: its routes, registered from their contracts (middleware/contract-router.ts), and
 * optional background work started with the server.
 */
export interface TModule {
  name: string;
  /** Routes under /api, after authentication (a request's user is known to them). */
  routers?: TContractRouter[];
  /** Routes under /api answered before authentication (health checks: a probe sends no token). */
  openRouters?: TContractRouter[];
  /** Routes at the site root (feeds, the development outbox page), before the web app's fallback. */
  pageRouters?: TContractRouter[];
  /** Answers served before the Express stack when they are already bytes (middleware/fast-lane.ts). */
  fastRoutes?: TFastRoute[];
  /** Data sent inside a page of the web app, so the page needs no API request to show (middleware/web-app.ts). */
  pageData?: TPageDataSource;
  /**
   * Work outside the database that must happen before an account is deleted (payments: cancel its subscription at
   * Stripe). A failure stops the deletion; it must be safe to run again (docs/product.md, "Deleting the account").
   */
  beforeAccountDeletion?(userId: string): Promise<{ cancelledSubscriptions: number }>;
  /** Called once the server listens; `url` is its loopback base URL. */
  start?(context: { url: string }): void;
  stop?(): Promise<void>;
}

export type TModuleDeps = TBaseDeps & {
  services: TServices;
  /** Every module of the app, once all are built (for work that spans modules, such as deleting an account). */
  modules?: () => readonly TModule[];
};
export type TModuleFactory = (deps: TModuleDeps) => TModule | Promise<TModule>;
