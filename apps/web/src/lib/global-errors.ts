import { hasEntryParam } from './entry-params';

/** spec §8: `debug` in the query (the address's now, or the entry link's) turns on the alerts. */
function isDebug(): boolean {
  return new URLSearchParams(window.location.search).has('debug') || hasEntryParam('debug');
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : String(error);
}

/**
 * Logs an error; with `debug`, also the spec's alert. For errors a boundary caught (a screen that
 * failed to render), which never reach the window's handlers.
 */
export function reportCaughtError(error: unknown, target: Window = window) {
  console.error('[uncaught]', error);
  if (isDebug()) target.alert(`Error: ${describe(error)}`);
}

/**
 * spec §8 global handler: every uncaught error and unhandled rejection is logged; with `debug` in the
 * query it is also shown in an alert prefixed "Error" (a tester's aid on a phone without a console,
 * kept as the spec words it, not translated).
 */
export function installGlobalErrorHandler(target: Window = window) {
  const report = (error: unknown) => reportCaughtError(error, target);
  target.addEventListener('error', (event) => report(event.error ?? event.message));
  target.addEventListener('unhandledrejection', (event) => report(event.reason));
}
