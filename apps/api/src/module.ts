import type { Router } from 'express';
import type { TFastRoute } from './middleware/fast-lane';
import type { TPageDataSource } from './middleware/web-app';
import type { TBaseDeps, TServices } from './services';

/**
 * A feature module: routers mounted under /api (after authentication), optional page routers at the site root
 * (before the web app's fallback), and optional background work started with the server.
 */
export interface TModule {
  name: string;
  routers?: Router[];
  pageRouters?: Router[];
  /** Answers served before the Express stack when they are already bytes (middleware/fast-lane.ts). */
  fastRoutes?: TFastRoute[];
  /** Data sent inside a page of the web app, so the page needs no API request to show (middleware/web-app.ts). */
  pageData?: TPageDataSource;
  /** Called once the server listens; `url` is its loopback base URL. */
  start?(context: { url: string }): void;
  stop?(): Promise<void>;
}

export type TModuleDeps = TBaseDeps & { services: TServices };
export type TModuleFactory = (deps: TModuleDeps) => TModule | Promise<TModule>;
