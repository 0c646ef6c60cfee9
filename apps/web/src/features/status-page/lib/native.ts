import type { BannerType } from '@hk/domain/content/rules';
import { entryParam } from '../../../lib/entry-params';

// Banner and IPO taps (spec §2): inside the broker's app they open its native views, outside it
// the download prompt. The native bridge comes with a later issue; until then the app registers
// nothing and a tap inside the app does nothing rather than pretend.

export type NativeTarget =
  | { kind: 'banner'; type: BannerType; data: Record<string, string> }
  | { kind: 'ipo'; productCode: string }
  | { kind: 'ipo_list' };

export interface NativeBridge {
  open(target: NativeTarget): void;
}

let bridge: NativeBridge | null = null;

/** The host app's bridge registers itself here (a later issue). */
export function setNativeBridge(next: NativeBridge | null) {
  bridge = next;
}

/**
 * spec §3 native-app info: the broker's app says so with `appVersion` in a cookie or the entry
 * query (kept in sessionStorage for the visit by lib/entry-params.ts).
 */
export function checkIsInBrokerApp(): boolean {
  if (/(?:^|;\s*)appVersion=[^;]+/.test(document.cookie)) return true;
  return entryParam('appVersion') !== '' || new URLSearchParams(window.location.search).has('appVersion');
}

/** Opens `target` natively; answers false when it cannot (outside the app): show the download prompt. */
export function openNative(target: NativeTarget): boolean {
  if (!checkIsInBrokerApp()) return false;
  bridge?.open(target);
  return true;
}
