import { QueryClient } from '@tanstack/react-query';
import { setLoadedQueryClient } from './query-client-ref';

/** The app's one query client, loaded with the first screen that reads through it (decision 015). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});
setLoadedQueryClient(queryClient);
