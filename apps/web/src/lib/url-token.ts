import { PARTNER_SOURCES_WITHOUT_URL_TOKEN } from '@hk/domain';
import { saveSession } from './session';

/**
 * spec §4: a token may arrive as `fd_token`, or as `token` unless the source is one of the partner
 * identifiers whose `token` means something else. It is saved as the logged-in user and removed
 * from the address bar (a credential must not stay in history or be shared with the link).
 */
export function captureTokenFromUrl() {
  const url = new URL(window.location.href);
  const source = (url.searchParams.get('source') ?? '').replace(/\.$/, '');
  const fdToken = url.searchParams.get('fd_token');
  const plain = url.searchParams.get('token');
  const token =
    fdToken ||
    (plain && !(PARTNER_SOURCES_WITHOUT_URL_TOKEN as readonly string[]).includes(source) ? plain : null);
  if (url.searchParams.has('fd_token') || url.searchParams.has('token')) {
    url.searchParams.delete('fd_token');
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.toString());
  }
  if (token && /^[A-Za-z0-9_-]{20,200}$/.test(token)) saveSession({ token });
}
