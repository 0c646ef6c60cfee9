import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { ROUTES } from './app/routes';
import { setSessionInvalidHandler } from './lib/api-client';
import { captureEntryParams } from './lib/entry-params';
import { initI18n } from './lib/i18n';
import { logoutLocally } from './lib/session';
import { applyTheme } from './lib/theme';
import { captureTokenFromUrl } from './lib/url-token';
import './styles.css';

// stack notes: antd-mobile's Toast/Dialog need a render function on React 19.
unstableSetRender((node, container) => {
  const c = container as Element & { _root?: Root };
  c._root ??= createRoot(c);
  c._root.render(node);
  return async () => {
    await new Promise((r) => setTimeout(r, 0));
    c._root?.unmount();
    delete c._root;
  };
});

captureEntryParams(window.location.search);
captureTokenFromUrl();
applyTheme();
void initI18n();

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});
const router = createAppRouter();

setSessionInvalidHandler(() => {
  logoutLocally();
  queryClient.clear();
  void router.navigate(ROUTES.login.path, { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
