import { DEFAULT_CA_TYPE, STORAGE_USER_KEY, STORAGE_USER_TTL_S } from '@hk/domain';
import { useSyncExternalStore } from 'react';
import { clearAllStored, readStored, removeStored, subscribeStorage, writeStored } from './storage';

/** spec §3 user session, kept 86400 s under hk_open_user. The mobile is kept masked only. */
export interface UserSession {
  uid: string;
  region: string;
  mobile: string;
  token: string;
  caType: string;
  isCodeCN: boolean;
}

/** `hk_caType`: the certificate authority the start-up's getCA answered (spec §7). */
export const CA_TYPE_STORE_KEY = 'caType';

function knownCaType(): string {
  return readStored<string>(CA_TYPE_STORE_KEY) || DEFAULT_CA_TYPE;
}

let cached: { raw: UserSession | null } | null = null;
subscribeStorage(() => {
  cached = null;
});

export function getSession(): UserSession | null {
  cached ??= { raw: readStored<UserSession>(STORAGE_USER_KEY) };
  return cached.raw;
}

export function getToken(): string | undefined {
  return getSession()?.token || undefined;
}

export function saveSession(s: Partial<UserSession> & { token: string }) {
  const current = getSession();
  writeStored<UserSession>(
    STORAGE_USER_KEY,
    {
      uid: s.uid ?? current?.uid ?? '',
      region: s.region ?? current?.region ?? 'HK',
      mobile: s.mobile ?? current?.mobile ?? '',
      token: s.token,
      caType: s.caType ?? current?.caType ?? knownCaType(),
      isCodeCN: s.isCodeCN ?? current?.isCodeCN ?? true,
    },
    STORAGE_USER_TTL_S,
  );
}

/**
 * A session for another person (a hand-off link's token): nothing of the previous person is kept
 * (uid, region, masked mobile), only the device's CA type. `mobile` is the masked number when known.
 */
export function replaceSession(s: { token: string; mobile?: string }) {
  const caType = getSession()?.caType ?? knownCaType();
  writeStored<UserSession>(
    STORAGE_USER_KEY,
    { uid: '', region: '', mobile: s.mobile ?? '', token: s.token, caType, isCodeCN: true },
    STORAGE_USER_TTL_S,
  );
}

/** spec §4: logout clears only the token, or (full) resets all fields and deletes storage. */
export function logoutLocally(full = false) {
  if (full) {
    clearAllStored();
    return;
  }
  const current = getSession();
  if (current) writeStored<UserSession>(STORAGE_USER_KEY, { ...current, token: '' }, STORAGE_USER_TTL_S);
  else removeStored(STORAGE_USER_KEY);
}

export function useSession(): UserSession | null {
  return useSyncExternalStore(subscribeStorage, getSession, () => null);
}

export function useIsLoggedIn(): boolean {
  return Boolean(useSession()?.token);
}
