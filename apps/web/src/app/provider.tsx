import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
// the context alone (a few hundred bytes): the client and the rest of TanStack Query load after the first render
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { TIMERS } from '@polski/contracts';
import { queryClientModule } from '../lib/query-client-loader';
import { session } from '../lib/session';
import { toasterModule } from '../lib/toast-loader';

export interface TAppProviderProps {
  children: ReactNode;
  /** Default: the app's shared client (lib/query-client.ts), loaded after the first render. */
  queryClient?: QueryClient;
}

/** Server state, toasts and the session start; everything the routes share. */
export function AppProvider({ children, queryClient }: TAppProviderProps) {
  useSessionStart();
  const client = useQueryClientOnceLoaded(queryClient);
  // always this provider, so the tree below is not mounted anew when the client arrives
  return (
    <QueryClientContext.Provider value={client}>
      {children}
      <ToastHost />
    </QueryClientContext.Provider>
  );
}

/**
 * The given client, else the shared one once its module has loaded (undefined until then: only the lazily loaded
 * parts use queries, and they wait for it, see lib/query-client-loader.ts). Mounted while provided, as
 * QueryClientProvider does: refetching on focus and on reconnect.
 */
function useQueryClientOnceLoaded(given: QueryClient | undefined): QueryClient | undefined {
  const loaded = useSyncExternalStore(queryClientModule.subscribe, queryClientModule.get);
  const client = given ?? loaded?.queryClient;
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return client;
}

/** The toast list, rendered once the toast library has loaded (on the first toast). */
function ToastHost() {
  const loaded = useSyncExternalStore(toasterModule.subscribe, toasterModule.get);
  return loaded ? <loaded.Toasts /> : null;
}

/**
 * App start (docs/product.md, "Session and start-up"): a stored user is restored; stored JSON that is not a valid
 * user is discarded.
 */
function useSessionStart() {
  useEffect(() => {
    if (!session.get()) return;
    return refreshRolesAfterStart();
  }, []);
}

/**
 * TIMERS.roleRefreshAfterStart after start the stored user is replaced by the server's current view of it (GET
 * payments/user-updated-roles: token, roles, cus, premiumLifetime, emailConfirmed, lang). Its 401s not_signed_in
 * and user_not_found are ignored silently (docs/product.md, "Session and start-up"); a session ended elsewhere
 * (session_expired: a password reset) logs out with 'Please log in to your account'. The cleanup cancels the timer
 * and the request (StrictMode, unmount).
 */
function refreshRolesAfterStart(): () => void {
  const controller = new AbortController();
  const timer = window.setTimeout(() => {
    // loaded when needed: it is not part of the first download
    void import('../lib/user-refresh').then(({ refreshStoredUser }) =>
      refreshStoredUser({ signal: controller.signal }),
    );
  }, TIMERS.roleRefreshAfterStart);
  return () => {
    window.clearTimeout(timer);
    controller.abort();
  };
}
