import { TOAST_MS } from '@hk/domain';
import type { ConfirmOptions } from './confirm-dialog';

// antd-mobile's Toast and Dialog bring react-spring (~22 KB gzipped): they load on first use so
// the login screen's first load stays within budget (issue #2 §4, 180 KB).
type ToastModule = typeof import('antd-mobile/es/components/toast');
type DialogModule = typeof import('antd-mobile/es/components/dialog');

let toastModule: Promise<ToastModule> | null = null;
let dialogModule: Promise<DialogModule> | null = null;

/** The React 19 render function and antd-mobile's locale, before any overlay shows. */
export async function loadOverlayBase() {
  const [render, locale] = await Promise.all([import('./antd-render'), import('./antd-locale')]);
  render.setupAntdRender();
  await locale.syncAntdLocale();
}

function loadToast() {
  toastModule ??= loadOverlayBase().then(() => import('antd-mobile/es/components/toast'));
  return toastModule;
}
// spec §4: the tap that closes a toast, loaded with the toast itself (login budget)
let toastTapModule: Promise<typeof import('./toast-tap')> | null = null;
function loadToastTap() {
  toastTapModule ??= import('./toast-tap');
  return toastTapModule;
}
function loadDialog() {
  dialogModule ??= loadOverlayBase().then(() => import('antd-mobile/es/components/dialog'));
  return dialogModule;
}

/** Resolves once every overlay module asked for so far has loaded (tests end after it). */
export function overlaysLoaded() {
  return Promise.allSettled([toastModule, toastTapModule, dialogModule]);
}

/** spec §4 toast types; a loading toast is not dismissed by a tap, the others are. */
export type ToastKind = 'info' | 'success' | 'error' | 'warn' | 'loading';

/** spec §8: error toasts 3 s, the captcha warning 4 s; others the default 2 s (spec §9). */
export const ERROR_TOAST_MS = 3000;

// Each show or clear takes a number: a toast whose code is still loading when a later show or a
// clear comes does not appear after it (a loading toast left behind keeps its mask for good).
let latestRequest = 0;

export async function showToast(content: string, kind: ToastKind = 'info', duration?: number) {
  const request = ++latestRequest;
  // the toast's own box is inside an aria-hidden mask: the announcer says it (issue #16); its
  // regions are in index.html, its code loads with the toast's (login budget)
  void import('./announce').then(({ announce }) => announce(content, kind === 'error' || kind === 'warn'));
  const { default: Toast } = await loadToast();
  const tap = await loadToastTap();
  if (request !== latestRequest) return;
  tap.setTapDismissable(kind !== 'loading', () => Toast.clear());
  const icon =
    kind === 'success' ? 'success' : kind === 'error' ? 'fail' : kind === 'loading' ? 'loading' : undefined;
  Toast.show({
    content,
    icon,
    duration: kind === 'loading' ? 0 : (duration ?? (kind === 'error' ? ERROR_TOAST_MS : TOAST_MS)),
    maskClickable: kind !== 'loading',
  });
}

export function showLoadingToast(content: string) {
  return showToast(content, 'loading');
}

export async function clearToast() {
  latestRequest++;
  if (!toastModule) return;
  const { default: Toast } = await toastModule;
  Toast.clear();
}

/**
 * A confirm dialog; resolves true when the person confirms. Issue #16: named, focus held inside,
 * Escape cancels, focus back to the opener (lib/confirm-dialog.ts, loaded with the dialog).
 */
export async function confirmDialog(opts: ConfirmOptions): Promise<boolean> {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const [{ default: Dialog }, { showConfirm }] = await Promise.all([
    loadDialog(),
    import('./confirm-dialog'),
  ]);
  return showConfirm(Dialog, opts, opener);
}

/** Fetches the overlay code while the person is still typing, so the first toast shows at once. */
export function preloadOverlays() {
  void loadToast();
  void loadDialog();
}
