/**
 * The nine hubs of /learn-polish: HUBS of @polski/contracts, provided by vite.config.mts as plain data. Code that
 * runs before the first page is shown (the routes, the home page) imports it from here, which keeps zod and the
 * contracts' schemas out of the app shell; the lazily loaded pages can import HUBS from @polski/contracts directly.
 */
export { HUBS } from 'virtual:polski-hubs';
