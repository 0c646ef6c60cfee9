import { entryParam } from './entry-params';

/** spec §1: white by default; `theme` parameter, or the host app's apptheme (0 black, 1 white). */
export function applyTheme() {
  const appTheme = entryParam('apptheme') || document.cookie.match(/(?:^|; )apptheme=(\d)/)?.[1] || '';
  const theme = entryParam('theme') || (appTheme === '0' ? 'black' : 'white');
  const dark = theme === 'black' || theme === 'dark';
  document.documentElement.dataset.theme = dark ? 'black' : 'white';
  document.documentElement.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light');
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#111111' : '#ffffff');
}
