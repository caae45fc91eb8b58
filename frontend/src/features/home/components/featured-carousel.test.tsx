import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { WhitelistedCollection } from '@nexus/contract';
import { REDUCED_MOTION_QUERY } from '../../../lib/use-media-query';
import { testCollection } from '../../../testing/test-collection';
import { FeaturedCarousel } from './featured-carousel';

const CARD_STEP_PX = 318;

function collection(n: number, overrides: Partial<WhitelistedCollection> = {}): WhitelistedCollection {
  return testCollection({
    id: `c${n}`,
    contractAddress: `0x${String(n).padStart(40, '0')}`,
    name: `Collection ${n}`,
    network: 'polygon',
    description: `Description ${n}`,
    ...overrides,
  });
}

function collections(count: number): WhitelistedCollection[] {
  return Array.from({ length: count }, (_, i) => collection(i + 1));
}

function renderCarousel(list: WhitelistedCollection[], onExplore = jest.fn()) {
  render(<FeaturedCarousel collections={list} badgeOf={() => 'Featured'} onExplore={onExplore} />);
  const carousel = screen.getByTestId('featured-carousel');
  const viewport = screen.getByTestId('featured-carousel-viewport');
  return { carousel, viewport, onExplore };
}

/** jsdom lays nothing out: give the cards and the viewport the sizes a browser would. */
function layOut(viewport: HTMLElement, clientWidth: number) {
  const items = [...viewport.querySelectorAll('li')];
  items.forEach((item, index) =>
    Object.defineProperty(item, 'offsetLeft', { configurable: true, get: () => index * CARD_STEP_PX }),
  );
  Object.defineProperty(viewport, 'clientWidth', { configurable: true, get: () => clientWidth });
  Object.defineProperty(viewport, 'scrollWidth', {
    configurable: true,
    get: () => items.length * CARD_STEP_PX,
  });
}

function preferReducedMotion(reduce: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: reduce && query === REDUCED_MOTION_QUERY,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

describe(FeaturedCarousel.name, () => {
  beforeEach(() => {
    jest.useFakeTimers();
    preferReducedMotion(false);
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('duplicates the list for the loop, the copy hidden from assistive technology and the keyboard', () => {
    const { carousel, viewport, onExplore } = renderCarousel(collections(5));
    expect(carousel.dataset.looping).toBe('true');
    const cards = within(viewport).getAllByTestId('featured-card');
    expect(cards.map((card) => within(card).getByRole('heading', { hidden: true }).textContent)).toEqual([
      ...['Collection 1', 'Collection 2', 'Collection 3', 'Collection 4', 'Collection 5'],
      ...['Collection 1', 'Collection 2', 'Collection 3', 'Collection 4', 'Collection 5'],
    ]);
    const items = [...viewport.querySelectorAll('li')];
    expect(items.slice(0, 5).every((item) => !item.hasAttribute('aria-hidden'))).toBe(true);
    expect(
      items
        .slice(5)
        .every((item) => item.getAttribute('aria-hidden') === 'true' && item.hasAttribute('inert')),
    ).toBe(true);
    // Only the first copy is reachable: five Explore buttons, not ten.
    const buttons = screen.getAllByRole('button', { name: 'Explore Collection' });
    expect(buttons).toHaveLength(5);
    fireEvent.click(buttons[2]!);
    expect(onExplore).toHaveBeenCalledWith(expect.objectContaining({ id: 'c3' }));
  });

  it.each([
    [1, '20s'],
    [3, '20s'],
    [4, '24s'],
    [5, '30s'],
    [12, '72s'],
  ])('takes max(count·6, 20) seconds per loop for %i collections', (count, duration) => {
    const { carousel } = renderCarousel(collections(count));
    expect(carousel.dataset.duration).toBe(duration);
  });

  it('scrolls one copy of the list per loop duration, and pauses on hover and on focus', () => {
    const { carousel, viewport } = renderCarousel(collections(5));
    layOut(viewport, 1000);
    const loop = 5 * CARD_STEP_PX;

    act(() => jest.advanceTimersByTime(3000));
    // 30 s per loop: 3 s cover a tenth of it (one animation frame of slack).
    expect(viewport.scrollLeft).toBeGreaterThan(loop / 10 - loop / 30 / 60 - 1);
    expect(viewport.scrollLeft).toBeLessThanOrEqual(loop / 10 + 1);

    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    expect(carousel.dataset.paused).toBe('true');
    const held = viewport.scrollLeft;
    act(() => jest.advanceTimersByTime(5000));
    expect(viewport.scrollLeft).toBe(held);

    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    act(() => jest.advanceTimersByTime(1000));
    expect(viewport.scrollLeft).toBeGreaterThan(held);

    act(() => screen.getAllByRole('button', { name: 'Explore Collection' })[0]!.focus());
    expect(carousel.dataset.paused).toBe('true');
    const focusedAt = viewport.scrollLeft;
    act(() => jest.advanceTimersByTime(5000));
    expect(viewport.scrollLeft).toBe(focusedAt);

    // Past the first copy it starts over from the same card of the copy.
    act(() => (document.activeElement as HTMLElement).blur());
    act(() => jest.advanceTimersByTime(30_000));
    expect(viewport.scrollLeft).toBeLessThan(loop);
  });

  it('moves 350 px per wheel step', () => {
    const { carousel, viewport } = renderCarousel(collections(5));
    layOut(viewport, 1000);
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    viewport.scrollLeft = 100;
    fireEvent.wheel(viewport, { deltaY: 40 });
    expect(viewport.scrollLeft).toBe(450);
  });

  it('stands still, once, for a visitor who prefers reduced motion', () => {
    preferReducedMotion(true);
    const { carousel, viewport } = renderCarousel(collections(5));
    layOut(viewport, 1000);
    expect(carousel.dataset.looping).toBe('false');
    expect(within(viewport).getAllByTestId('featured-card')).toHaveLength(5);
    expect(viewport.querySelector('li[aria-hidden], li[inert]')).toBeNull();
    act(() => jest.advanceTimersByTime(10_000));
    expect(viewport.scrollLeft).toBe(0);
    // The wheel still steps through it, one step per gesture, within its ends.
    fireEvent.wheel(viewport, { deltaY: 40 });
    expect(viewport.scrollLeft).toBe(350);
    fireEvent.wheel(viewport, { deltaY: 40 });
    expect(viewport.scrollLeft).toBe(350);
    act(() => jest.advanceTimersByTime(400));
    fireEvent.wheel(viewport, { deltaY: 40 });
    expect(viewport.scrollLeft).toBe(5 * CARD_STEP_PX - 1000);
  });
});
