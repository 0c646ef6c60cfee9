// Query parameters of the entry URL (spec §2 login query), kept for the whole visit: later
// navigations drop them from the address bar but requests still carry source, empId, etc.
const KEYS = [
  'source',
  'mobile',
  'ext',
  'childOpenAcctChannel',
  'inviteCode',
  'inviteActivityId',
  'empId',
  'label',
  'flag',
  'caType',
  'language',
  'lang',
  'theme',
  'apptheme',
  // spec §3 native-app info: the broker's app says it is the host (features/status-page/lib/native.ts)
  'appVersion',
  'activity_id',
  'debug',
] as const;
export type EntryParamKey = (typeof KEYS)[number];

const STORE_KEY = 'hk_entry';
let params: Partial<Record<EntryParamKey, string>> | null = null;

export function captureEntryParams(search: string) {
  const q = new URLSearchParams(search);
  const found: Partial<Record<EntryParamKey, string>> = {};
  for (const k of KEYS) {
    const v = q.get(k);
    if (v !== null) found[k] = v.slice(0, 512);
  }
  params = { ...readSaved(), ...found };
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(params));
  } catch {}
}

function readSaved(): Partial<Record<EntryParamKey, string>> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}');
  } catch {
    return {};
  }
}

export function entryParam(key: EntryParamKey): string {
  params ??= readSaved();
  return params[key] ?? '';
}

/** Whether the entry URL carried `key` at all (`?debug` has no value). */
export function hasEntryParam(key: EntryParamKey): boolean {
  params ??= readSaved();
  return params[key] !== undefined;
}
