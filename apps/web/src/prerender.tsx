// The build's prerender of /login (decision 029, apps/web/prerender-login.ts): built for Node with
// `vite build --ssr`, it renders the login screen in one language, logged out, as the browser's
// first render draws it (the same tree, app/app-root.tsx), for main.tsx to hydrate.
import type { Language } from '@hk/domain';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { AppRoutes } from './app/router';
import { fixedT, initI18n } from './lib/i18n';
import { ROUTES } from './lib/routes';

export async function renderLogin(lang: Language): Promise<{ html: string; title: string }> {
  await initI18n(['common', 'login'], lang);
  const html = renderToString(
    <AppRoot>
      <StaticRouter location={ROUTES.login.path}>
        <AppRoutes />
      </StaticRouter>
    </AppRoot>,
  );
  // the login screen's title is the broker's name (app/root-layout.tsx)
  return { html, title: fixedT(lang, ['common'])('broker_name') };
}
