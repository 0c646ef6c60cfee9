import { PARTNER_SOURCES_WITHOUT_URL_TOKEN } from '@hk/domain';
import { getSession, replaceSession } from './session';
import { setPendingHandoff } from './session-handoff';

const TOKEN_RE = /^[A-Za-z0-9_-]{20,200}$/;

/** What a link's token did to the session (docs/host-app-handoff.md). */
export type LinkTokenOutcome =
  /** no usable token in the link */
  | 'none'
  /** no live session was stored: the link's token is the session now */
  | 'adopted'
  /** the link carries the stored session's own token */
  | 'same'
  /** another session is live: the person is asked before anything changes (lib/session-handoff) */
  | 'ask';

/**
 * spec §4: a token may arrive as `fd_token`, or as `token` unless the source is one of the partner
 * identifiers whose `token` means something else. It is removed from the address bar in every case
 * (a credential must not stay in history or be shared with the link). It becomes the session only
 * when no live session is stored: a link never silently replaces a live session (issue #5 §4.2);
 * when another session is live, the hand-off waits for the person's choice.
 */
export function captureTokenFromUrl(): LinkTokenOutcome {
  setPendingHandoff(null);
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
  if (!token || !TOKEN_RE.test(token)) return 'none';
  const current = getSession()?.token;
  if (!current) {
    replaceSession({ token });
    return 'adopted';
  }
  if (current === token) return 'same';
  setPendingHandoff({ stage: 'checking', linkToken: token });
  return 'ask';
}
