import { SESSION_ID_KEY, SESSION_ID_LENGTH } from '@hk/domain';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** spec §3: H5_SESSION_ID, a 16-character id from a cookie or random; sent as Device-Id. */
export function getDeviceId(): string {
  const fromCookie = document.cookie.match(new RegExp(`(?:^|; )${SESSION_ID_KEY}=([A-Za-z0-9]{16})`))?.[1];
  let id = fromCookie ?? null;
  try {
    id ??= localStorage.getItem(SESSION_ID_KEY);
  } catch {}
  if (!id || id.length !== SESSION_ID_LENGTH) {
    const bytes = crypto.getRandomValues(new Uint8Array(SESSION_ID_LENGTH));
    id = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
    try {
      localStorage.setItem(SESSION_ID_KEY, id);
    } catch {}
  }
  return id;
}
