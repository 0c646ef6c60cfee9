// The proof of work runs here so that the page, its focus and its screen reader stay responsive.
import { type PowChallenge, solvePowChallenge } from '@hk/domain';

self.onmessage = (event: MessageEvent<PowChallenge>) => {
  self.postMessage(solvePowChallenge(event.data));
};
