import { STORAGE_DEFAULT_TTL_S, STORAGE_PREFIX } from '@hk/domain';

// spec §3: keys prefixed hk_; stored values carry an expiry (default 7200 s).
interface Stored<T> {
  value: T;
  expires: number;
}

const listeners = new Set<() => void>();
export function subscribeStorage(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function notify() {
  for (const l of listeners) l();
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode in some in-app browsers
  }
}

export function readStored<T>(key: string): T | null {
  const raw = safeStorage()?.getItem(STORAGE_PREFIX + key);
  if (!raw) return null;
  try {
    const item = JSON.parse(raw) as Stored<T>;
    if (typeof item.expires !== 'number' || item.expires < Date.now()) {
      safeStorage()?.removeItem(STORAGE_PREFIX + key);
      return null;
    }
    return item.value;
  } catch {
    return null;
  }
}

export function writeStored<T>(key: string, value: T, ttlSeconds = STORAGE_DEFAULT_TTL_S) {
  const item: Stored<T> = { value, expires: Date.now() + ttlSeconds * 1000 };
  safeStorage()?.setItem(STORAGE_PREFIX + key, JSON.stringify(item));
  notify();
}

export function removeStored(key: string) {
  safeStorage()?.removeItem(STORAGE_PREFIX + key);
  notify();
}

/** The language chosen on the login page (lib/i18n.ts) is the device's, not the user's: it stays. */
const KEPT_ON_LOGOUT = new Set(['hk_lang']);

/** Logout "resets all fields and deletes storage" (spec §4): every hk_ key but the language goes. */
export function clearAllStored() {
  const s = safeStorage();
  if (!s) return;
  for (const key of Object.keys(s))
    if (key.startsWith(STORAGE_PREFIX) && !KEPT_ON_LOGOUT.has(key)) s.removeItem(key);
  notify();
}
