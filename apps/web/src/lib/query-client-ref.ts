import type { QueryClient, QueryKey } from '@tanstack/react-query';

// The app's TanStack Query client once its code has loaded (lib/query-client.ts: with the first
// screen that needs it, not with /login's first load, decision 015). Code that runs before (the
// login form, the session-end handler) reaches it through here: nothing cached yet, nothing to do.
let loaded: QueryClient | null = null;

export function setLoadedQueryClient(client: QueryClient) {
  loaded = client;
}

export function removeLoadedQueries(queryKey: QueryKey) {
  loaded?.removeQueries({ queryKey });
}

export function clearLoadedQueries() {
  loaded?.clear();
}
