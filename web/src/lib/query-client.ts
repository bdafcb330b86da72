import { QueryClient } from '@tanstack/react-query';

/** Retries are the API client's job (spec §7), so the query layer never retries on its own. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
