import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache. Errors are toasted by the API client, so queries do not retry 4xx. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => count < 1 && !(error as { status?: number }).status,
    },
  },
});
