import { QueryClient } from '@tanstack/react-query';

/** One client for the page: a failed call is retried once, and nothing refetches on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}
