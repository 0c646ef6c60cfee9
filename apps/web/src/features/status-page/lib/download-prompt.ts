// The app-download prompt (spec §1): closed for the rest of the visit once closed.
const CLOSED_KEY = 'hk_download_prompt_closed';

/** Where "open now" leads: the broker's app page (its store links and a deep link into the app). */
export const APP_DOWNLOAD_URL = 'https://www.harbourpeak.example/app';

export function checkIsDownloadPromptClosed(): boolean {
  try {
    return sessionStorage.getItem(CLOSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberDownloadPromptClosed() {
  try {
    sessionStorage.setItem(CLOSED_KEY, '1');
  } catch {}
}
