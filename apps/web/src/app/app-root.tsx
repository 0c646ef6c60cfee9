import { type ReactNode, StrictMode, Suspense } from 'react';
import { PageFallback } from './root-layout';
import { SessionHandoffGate } from './session-handoff-gate';

/**
 * The app around its router: the same tree in the browser (main.tsx, `<BrowserRouter>`) and in the
 * build's prerender of /login (prerender.tsx, `<StaticRouter>`), so that hydrating the prerendered
 * HTML finds what it renders, `useId`'s ids included (decision 029).
 */
export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <Suspense fallback={<PageFallback />}>
        <SessionHandoffGate>{children}</SessionHandoffGate>
      </Suspense>
    </StrictMode>
  );
}
