import { type PowChallenge, solvePowChallenge } from '@hk/domain';

/** Solves in a Web Worker; on the page itself where workers are not available. */
export function runPow(c: PowChallenge): Promise<string | null> {
  if (typeof Worker === 'undefined') return Promise.resolve(solvePowChallenge(c));
  const worker = new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<string | null>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<string | null>) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage(c);
  }).finally(() => worker.terminate());
}
