import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { queryClient } from './query-client';

/** The app's query client around `children`, unless one is provided already (a test's, a screen's). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
