import { lazyModule } from './lazy-module';

/**
 * TanStack Query (about 10 KB gzipped) is not part of the app shell: home renders without it. The shared client
 * (lib/query-client.ts) loads with the first lazily loaded part that asks for data: a route, the auth dialog, the
 * translator, the test-mode marker. AppProvider provides it to them once it is here; withQueryClient() makes those
 * lazy imports wait for it, so nothing renders a query before the client is provided.
 */
export const queryClientModule = lazyModule(() => import('./query-client'));

/** `load`, resolved only once the query client has loaded too. */
export async function withQueryClient<T>(load: () => Promise<T>): Promise<T> {
  const [m] = await Promise.all([load(), queryClientModule.load()]);
  return m;
}
