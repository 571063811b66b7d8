import type { TRoutes } from '@polski/contracts';

let routeTable: TRoutes | undefined;
let routeTableLoading: Promise<TRoutes> | undefined;

/**
 * The contract's route table (libs/contracts route-table.ts), loaded once, with the first request or earlier (main.tsx
 * starts it at boot), so that its 4 KB are not part of the home route's initial JavaScript (docs/performance.md, the
 * home budget). A failed load is forgotten, so the next call tries again.
 */
export function loadRouteTable(): Promise<TRoutes> {
  routeTableLoading ??= import('./route-table').then(
    (m) => (routeTable = m.ROUTES),
    (err: unknown) => {
      routeTableLoading = undefined; // offline now: the next call tries again
      throw err;
    },
  );
  return routeTableLoading;
}

/** The table once it is here (api-client then reaches fetch without waiting a turn). */
export const currentRouteTable = (): TRoutes | undefined => routeTable;
