import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiCallError } from '../api/client';
import { setError } from '../lib/app-state';

/**
 * Server state for the signed-in pages. A failed load shows its server-supplied message in red at the top
 * of the page; mutations report their own outcome where they happen. Only network failures are
 * retried: an error envelope is an answer, not an accident.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiCallError && error.httpStatus === 401) return; // signing out and reloading
        setError(error.message);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => error instanceof ApiCallError && error.httpStatus === 0 && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}
