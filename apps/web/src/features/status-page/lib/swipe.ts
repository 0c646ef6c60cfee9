// spec §9 swiper: auto-play every 3500 ms, each move animated over 500 ms; a swipe counts when it
// moves over 100 px, or over 15 px within 1 s.
export const CAROUSEL_AUTOPLAY_MS = 3500;
export const CAROUSEL_SPEED_MS = 500;
export const SWIPE_DISTANCE_PX = 100;
export const QUICK_SWIPE_PX = 15;
export const QUICK_SWIPE_MS = 1000;

/** +1 for the next slide (a swipe to the left), -1 for the previous, 0 for no swipe. */
export function swipeStep(dx: number, durationMs: number): -1 | 0 | 1 {
  const distance = Math.abs(dx);
  const isSwipe = distance > SWIPE_DISTANCE_PX || (distance > QUICK_SWIPE_PX && durationMs < QUICK_SWIPE_MS);
  if (!isSwipe) return 0;
  return dx < 0 ? 1 : -1;
}
