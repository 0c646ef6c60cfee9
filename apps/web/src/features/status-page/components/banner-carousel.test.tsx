import type { BannerItem } from '@hk/domain/content/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupStepI18n } from '../../../step-kit/test-utils';
import { BannerCarousel } from './banner-carousel';

const banners: BannerItem[] = ['One', 'Two', 'Three'].map((title, i) => ({
  id: `b${i}`,
  title,
  type: 'ipoList',
  data: {},
  logo: `/content/images/${String(i).repeat(64)}`,
  width: 750,
  height: 300,
}));

const current = () =>
  screen.getAllByRole('group', { hidden: true }).findIndex((g) => g.getAttribute('aria-hidden') === 'false');

beforeEach(async () => {
  await setupStepI18n('en');
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('banner carousel', () => {
  it('moves every 3500 ms with a 500 ms transition, and wraps round', () => {
    const { container } = render(<BannerCarousel banners={banners} onOpen={() => {}} />);
    const track = container.querySelector<HTMLElement>('.banner-carousel__track')!;
    expect(track.style.transitionDuration).toBe('500ms');
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(3499));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(1);
    expect(track.style.transform).toBe('translateX(-100%)');
    act(() => vi.advanceTimersByTime(3500));
    act(() => vi.advanceTimersByTime(3500));
    expect(current()).toBe(0);
  });

  it('pauses on hover and on focus, and with its pause control (WCAG 2.2.2)', () => {
    render(<BannerCarousel banners={banners} onOpen={() => {}} />);
    const region = screen.getByRole('region', { name: i18n.t('status:banners_title') });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe(0);
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(3500));
    expect(current()).toBe(1);

    const pause = screen.getByRole('button', { name: 'Pause the slides' });
    fireEvent.click(pause);
    expect(screen.getByRole('button', { name: 'Play the slides' }).getAttribute('aria-pressed')).toBe('true');
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play the slides' }));

    fireEvent.focus(screen.getByRole('button', { name: 'Next slide' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe(1);
  });

  it('swipes by the thresholds, and a swipe is not a tap; a tap opens the banner', () => {
    const onOpen = vi.fn();
    const { container } = render(<BannerCarousel banners={banners} onOpen={onOpen} />);
    const viewport = container.querySelector('.banner-carousel__viewport')!;
    fireEvent.pointerDown(viewport, { clientX: 300, timeStamp: 0 });
    fireEvent.pointerUp(viewport, { clientX: 190, timeStamp: 2000 });
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Two' }));
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.pointerDown(viewport, { clientX: 100, timeStamp: 0 });
    fireEvent.pointerUp(viewport, { clientX: 110, timeStamp: 100 });
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Two' }));
    expect(onOpen).toHaveBeenCalledWith(banners[1]);
  });
});
