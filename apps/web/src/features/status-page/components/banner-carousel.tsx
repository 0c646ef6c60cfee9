import type { BannerItem } from '@hk/domain/content/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_SPEED_MS, swipeStep } from '../lib/swipe';

/**
 * The banner carousel (spec §2, §9): auto-plays every 3500 ms with a 500 ms move, swipes by spec
 * §9's thresholds, and (WCAG 2.2.2) pauses while the pointer is over it or focus is in it, with a
 * pause control that keeps it paused. Each slide is a button that opens the banner's target.
 */
export function BannerCarousel({
  banners,
  onOpen,
}: {
  banners: BannerItem[];
  onOpen: (b: BannerItem) => void;
}) {
  const { t } = useTranslation('status');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const start = useRef<{ x: number; t: number } | null>(null);
  const swiped = useRef(false);
  const count = banners.length;
  const reducedMotion =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const current = count > 0 ? index % count : 0;
  const playing = count > 1 && !paused && !hovered && !focused;

  const go = useCallback((step: number) => setIndex((i) => (((i + step) % count) + count) % count), [count]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a move by hand (current) starts the 3.5 s again
  useEffect(() => {
    if (!playing) return;
    const id = setTimeout(() => go(1), CAROUSEL_AUTOPLAY_MS);
    return () => clearTimeout(id);
  }, [playing, go, current]);

  if (count === 0) return null;

  return (
    <section
      className="banner-carousel"
      aria-roledescription="carousel"
      aria-label={t('banners_title')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="banner-carousel__viewport"
        onPointerDown={(e) => {
          start.current = { x: e.clientX, t: e.timeStamp };
          swiped.current = false;
        }}
        onPointerUp={(e) => {
          const s = start.current;
          start.current = null;
          if (!s) return;
          const step = swipeStep(e.clientX - s.x, e.timeStamp - s.t);
          if (step !== 0) {
            swiped.current = true;
            go(step);
          }
        }}
      >
        <div
          className="banner-carousel__track"
          aria-live={playing ? 'off' : 'polite'}
          style={{
            transform: `translateX(-${current * 100}%)`,
            transitionDuration: `${reducedMotion ? 0 : CAROUSEL_SPEED_MS}ms`,
          }}
        >
          {banners.map((b, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form's fieldset
            <div
              key={b.id}
              className="banner-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel_slide', { index: i + 1, count })}
              aria-hidden={i !== current}
            >
              <button
                type="button"
                className="banner-carousel__button"
                tabIndex={i === current ? 0 : -1}
                onClick={() => {
                  // a swipe ends with a click on the slide it started on: not a tap
                  if (swiped.current) {
                    swiped.current = false;
                    return;
                  }
                  onOpen(b);
                }}
              >
                <img src={b.logo} alt={b.title} width={b.width} height={b.height} draggable={false} />
              </button>
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="banner-carousel__controls">
          <button
            type="button"
            className="banner-carousel__pause"
            aria-pressed={paused}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? t('carousel_play') : t('carousel_pause')}
          </button>
          <button type="button" aria-label={t('carousel_previous')} onClick={() => go(-1)}>
            ‹
          </button>
          <span className="banner-carousel__dots" aria-hidden="true">
            {banners.map((b, i) => (
              <span key={b.id} className={i === current ? 'is-current' : undefined} />
            ))}
          </span>
          <button type="button" aria-label={t('carousel_next')} onClick={() => go(1)}>
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
