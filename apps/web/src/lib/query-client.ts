import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import './warm-intl';

const MAX_RETRIES = 2;

/**
 * Client errors will not get better by asking again; network and server errors might, but not while the device is
 * offline (the learner has been told so once: asking again would only repeat the message).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.status === 0 && !navigator.onLine) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        // a request is always sent, also offline: its failure says "You seem to be offline" (api-client.ts) instead
        // of the query or form waiting, silently paused, for the network to return (TanStack's 'online' mode)
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
