import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { TIMERS, TOAST } from '@polski/contracts';
import { refreshStoredUser } from '../features/auth/api/get-updated-user';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { session } from '../lib/session';

export interface TAppProviderProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/** Server state, toasts and the session start; everything the routes share. */
export function AppProvider({ children, queryClient = defaultQueryClient }: TAppProviderProps) {
  useSessionStart();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position={TOAST.position} duration={TOAST.timeOut} richColors closeButton />
    </QueryClientProvider>
  );
}

/** App start (spec §4): a stored user is restored; stored JSON that is not a valid user is discarded. */
function useSessionStart() {
  useEffect(() => {
    if (!session.get()) return;
    return refreshRolesAfterStart();
  }, []);
}

/**
 * TIMERS.roleRefreshAfterStart after start the stored user is replaced by the server's current view of it (GET
 * payments/user-updated-roles: token, roles, cus, premiumLifetime, emailConfirmed, lang). Its 401s 'No user is
 * logged in' and 'No user found' are ignored silently (spec §4); a session ended elsewhere (password reset) logs
 * out with 'Please log in to your account'. The cleanup cancels the timer and the request (StrictMode, unmount).
 */
function refreshRolesAfterStart(): () => void {
  const controller = new AbortController();
  const timer = window.setTimeout(() => {
    void refreshStoredUser({ signal: controller.signal });
  }, TIMERS.roleRefreshAfterStart);
  return () => {
    window.clearTimeout(timer);
    controller.abort();
  };
}
