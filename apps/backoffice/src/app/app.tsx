import { ConfigProvider } from 'antd';
import en from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhHK from 'antd/es/locale/zh_HK';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import type { ConsoleLanguage } from '../lib/i18n';
import { currentLanguage } from '../lib/i18n';
import { SessionProvider } from '../lib/session';
import { AppRoutes } from './router';
import { CONSOLE_THEME } from './theme';

/**
 * antd's own words (pagination, pickers, empty states) follow the console's language. From antd/es:
 * antd/locale/* are CommonJS and bring a second copy of the pickers' locales.
 */
const ANTD_LOCALES = { 'zh-CN': zhCN, 'zh-HK': zhHK, en } satisfies Record<ConsoleLanguage, unknown>;

/** Everything under the /backoffice basename (the same path the server serves it at). */
export const BASENAME = '/backoffice';

export function App() {
  // re-renders on a language change, so ConfigProvider gets the new locale
  useTranslation();
  return (
    // no space inserted between two Chinese characters of a button ("登 录"): screen readers spell it
    <ConfigProvider
      locale={ANTD_LOCALES[currentLanguage()]}
      theme={CONSOLE_THEME}
      button={{ autoInsertSpace: false }}
    >
      <SessionProvider>
        <BrowserRouter basename={BASENAME}>
          <AppRoutes />
        </BrowserRouter>
      </SessionProvider>
    </ConfigProvider>
  );
}
