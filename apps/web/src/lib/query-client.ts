import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        // An API error has already been shown or redirected; only a dropped connection earns a retry.
        retry: (failureCount, error) => !isApiError(error) && failureCount < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one query client; React code reaches it through the provider. */
export const queryClient = createQueryClient();
