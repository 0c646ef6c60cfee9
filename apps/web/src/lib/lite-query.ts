// TanStack Query's `useQuery` and `useMutation` as the login form uses them, without the library:
// the first load of /login does without it (decision 015); the screens after login keep it.
// What they keep of it: data stays while a new fetch runs and after a failed one; a key's data,
// once there, is not fetched again (staleTime: Infinity) while the component lives; `refetch`
// always fetches, and only the latest fetch of a key answers; no retry (the app's default).
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';

export interface LiteQueryResult<T> {
  data: T | undefined;
  error: Error | null;
  isError: boolean;
  isFetching: boolean;
  /**
   * Fetches again (a new captcha, say); never rejects. Typed as TanStack's so that a component
   * written for a query (the captcha row) takes it; it resolves to nothing, and no caller reads it.
   */
  refetch: UseQueryResult<T>['refetch'];
}

interface Entry<T> {
  data?: T;
  error: Error | null;
  inFlight?: Promise<void>;
}

export function useLiteQuery<T>(key: string, fetcher: () => Promise<T>, enabled = true): LiteQueryResult<T> {
  const entries = useRef(new Map<string, Entry<T>>());
  const latest = useRef(new Map<string, number>());
  const seq = useRef(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  const run = useCallback((k: string, force: boolean): Promise<void> => {
    const map = entries.current;
    const entry = map.get(k);
    if (!force && entry?.inFlight) return entry.inFlight;
    const n = ++seq.current;
    latest.current.set(k, n);
    const settle = (next: Partial<Entry<T>>) => {
      if (latest.current.get(k) !== n) return;
      map.set(k, { ...map.get(k), error: null, ...next, inFlight: undefined } as Entry<T>);
      rerender();
    };
    const inFlight = fetcherRef.current().then(
      (data) => settle({ data, error: null }),
      (error: unknown) => settle({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    map.set(k, { ...(entry ?? { error: null }), inFlight });
    rerender();
    return inFlight;
  }, []);

  useEffect(() => {
    const entry = entries.current.get(key);
    if (enabled && entry?.data === undefined && !entry?.inFlight) void run(key, false);
  }, [key, enabled, run]);

  const entry = entries.current.get(key);
  return {
    data: entry?.data,
    error: entry?.error ?? null,
    isError: Boolean(entry?.error),
    isFetching: Boolean(entry?.inFlight),
    refetch: (() => run(key, true)) as unknown as UseQueryResult<T>['refetch'],
  };
}

export interface LiteMutation<I, O> {
  mutateAsync(input: I): Promise<O>;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
}

/** The state is the latest call's: pending, then success or error until the next call. */
export function useLiteMutation<I, O>(fn: (input: I) => Promise<O>): LiteMutation<I, O> {
  const [status, setStatus] = useState<'idle' | 'pending' | 'success' | 'error'>('idle');
  const latest = useRef(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const mutateAsync = useCallback(async (input: I) => {
    const n = ++latest.current;
    setStatus('pending');
    try {
      const out = await fnRef.current(input);
      if (n === latest.current) setStatus('success');
      return out;
    } catch (error) {
      if (n === latest.current) setStatus('error');
      throw error;
    }
  }, []);
  return {
    mutateAsync,
    isPending: status === 'pending',
    isSuccess: status === 'success',
    isError: status === 'error',
  };
}
