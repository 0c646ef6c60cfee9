import { type ComponentProps, type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadNamespaces } from './i18n';

/**
 * `React.lazy` for a component that reads through TanStack Query: its chunk and the query client's
 * (lib/query-provider.tsx) load together, and it renders inside the client's provider. The login
 * form needs neither, so /login's first load does without the library (decision 015). i18next
 * and the `errors` catalogue load with them too (decision 026): the screens after /login use them.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React.lazy's
export function lazyWithQuery<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(async () => {
    const [{ default: Component }, { QueryProvider }, { startEngine }] = await Promise.all([
      load(),
      import('./query-provider'),
      import('./i18n-engine'),
      // the server's messages, which every other screen reads without asking (decision 026)
      loadNamespaces('errors'),
    ]);
    startEngine();
    // biome-ignore lint/correctness/noComponentHookFactories: made once, when the chunk has loaded (as React.lazy's own result)
    const WithQuery = (props: ComponentProps<T>) => (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
    return { default: WithQuery as unknown as T };
  });
}
