import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { TOAST, type TUserResponse } from '@polski/contracts';
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
    const user = session.get();
    if (!user) return;
    return refreshRolesAfterStart(user);
  }, []);
}

/**
 * HOOK POINT, not wired yet: TIMERS.roleRefreshAfterStart after start the roles are refreshed from the server
 * (GET payments/user-updated-roles, silent on 401) and the stored user is replaced. The session-refresh work adds
 * the call here and returns a cleanup that cancels its timer.
 */
function refreshRolesAfterStart(_user: TUserResponse): (() => void) | undefined {
  return undefined;
}
