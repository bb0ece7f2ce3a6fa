import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { onSessionDataDropped } from './session-data.ts';

const MAX_RETRIES = 2;

/** A client error will fail the same way again; only network and server failures are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** The app's query client, made with the first screen that needs it (`query-layer.tsx`); emptied when the session ends. */
export const appQueryClient = createQueryClient();
onSessionDataDropped(() => appQueryClient.clear());
