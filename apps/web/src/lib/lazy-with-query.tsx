import { type ComponentProps, type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * `React.lazy` for a component that reads through TanStack Query: its chunk and the query client's
 * (lib/query-provider.tsx) load together, and it renders inside the client's provider. The login
 * form needs neither, so /login's first load does without the library (decision 015).
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's
export function lazyWithQuery<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(async () => {
    const [{ default: Component }, { QueryProvider }] = await Promise.all([
      load(),
      import('./query-provider'),
    ]);
    // biome-ignore lint/correctness/noComponentHookFactories: made once, when the chunk has loaded (as React.lazy's own result)
    const WithQuery = (props: ComponentProps<T>) => (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
    return { default: WithQuery as unknown as T };
  });
}
