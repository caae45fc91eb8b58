import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import type { WhitelistedCollection } from '@nexus/contract';
import { useLatest } from '../../../lib/use-latest';
import { usePrefersReducedMotion } from '../../../lib/use-media-query';
import { carouselDurationSeconds, wheelStep, wrapOffset } from '../carousel-logic';
import { CollectionCard } from './collection-card';
import './featured-carousel.css';

interface FeaturedCarouselProps {
  collections: readonly WhitelistedCollection[];
  badgeOf: (collection: WhitelistedCollection) => string;
  onExplore: (collection: WhitelistedCollection) => void;
}

/** A wheel gesture (many events from a trackpad) moves one step; the next step waits this long. */
const WHEEL_STEP_GAP_MS = 300;
/** After a touch, the visitor's own swipe settles before the carousel moves again. */
const TOUCH_RESUME_DELAY_MS = 1500;
/** A scroll position further than this from ours was made by the visitor (scrollbar, swipe, wheel). */
const EXTERNAL_SCROLL_PX = 2;

/** Width of one copy of a duplicated list: from the first card to the first card of the copy. */
function measureLoop(track: HTMLElement | null, count: number): number {
  const first = track?.children[0] as HTMLElement | undefined;
  const copy = track?.children[count] as HTMLElement | undefined;
  return first && copy ? copy.offsetLeft - first.offsetLeft : 0;
}

function scrollViewportTo(viewport: HTMLElement, left: number, smooth: boolean): void {
  if (typeof viewport.scrollTo === 'function') {
    viewport.scrollTo({ left, behavior: smooth ? 'smooth' : 'auto' });
  } else {
    viewport.scrollLeft = left;
  }
}

/**
 * SPEC §2 featured carousel: the cards scroll by themselves, one loop in max(count·6, 20) s, over a
 * list duplicated so that the loop has no seam; hovering or focusing it pauses it, the wheel moves it
 * 350 px a step. Cards tilt in 3D by their place in the view (a scroll-driven CSS animation). With
 * prefers-reduced-motion, or when every card fits on screen, it is a plain row: one copy, no motion.
 */
export function FeaturedCarousel({ collections, badgeOf, onExplore }: FeaturedCarouselProps) {
  const reducedMotion = usePrefersReducedMotion();
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const [fits, setFits] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const resumeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const count = collections.length;
  const looping = !reducedMotion && !fits && count > 0;
  const paused = hovered || focused;
  const pausedRef = useLatest(paused);
  const duration = carouselDurationSeconds(count);
  const items = looping ? [...collections, ...collections] : [...collections];

  // Every card fits on screen: nothing to scroll, so no duplicate and no motion. An unmeasured layout
  // (width 0) counts as not fitting.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const track = trackRef.current;
    if (!viewport || !track) return;
    const measure = () => {
      const single = looping ? measureLoop(track, count) : track.scrollWidth;
      setFits(viewport.clientWidth > 0 && single > 0 && single <= viewport.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [looping, count]);

  // The auto-scroll: our own (fractional) position, moved each frame, wrapped into the first copy.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || !looping) return;
    let offset = viewport.scrollLeft;
    let last: number | null = null;
    let frame = requestAnimationFrame(function step(now: number) {
      const loop = measureLoop(trackRef.current, count);
      if (Math.abs(viewport.scrollLeft - Math.round(offset)) > EXTERNAL_SCROLL_PX)
        offset = viewport.scrollLeft;
      if (last !== null && !pausedRef.current && loop > 0) {
        offset = wrapOffset(offset + ((now - last) / 1000) * (loop / duration), loop);
        viewport.scrollLeft = offset;
      }
      last = now;
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [looping, duration, count, pausedRef]);

  // The wheel moves 350 px a step (a native listener: React's wheel listener cannot preventDefault).
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    let nextStepAt = 0;
    const onWheel = (event: WheelEvent) => {
      const delta = Math.abs(event.deltaX) > Math.abs(event.deltaY) ? event.deltaX : event.deltaY;
      const maxScroll = viewport.scrollWidth - viewport.clientWidth;
      if (delta === 0 || (maxScroll <= 0 && !looping)) return;
      event.preventDefault();
      const now = performance.now();
      if (now < nextStepAt) return;
      nextStepAt = now + WHEEL_STEP_GAP_MS;
      const loop = looping ? measureLoop(trackRef.current, count) : 0;
      const { jumpTo, target } = wheelStep(viewport.scrollLeft, delta > 0 ? 1 : -1, loop, maxScroll);
      if (jumpTo !== null) viewport.scrollLeft = jumpTo;
      scrollViewportTo(viewport, target, !reducedMotion);
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [looping, reducedMotion, count]);

  useEffect(
    () => () => {
      if (resumeTimer.current) clearTimeout(resumeTimer.current);
    },
    [],
  );

  const onPointerEnter = () => {
    if (resumeTimer.current) clearTimeout(resumeTimer.current);
    setHovered(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') {
      setHovered(false);
      return;
    }
    resumeTimer.current = setTimeout(() => setHovered(false), TOUCH_RESUME_DELAY_MS);
  };

  return (
    <section
      className={`carousel${looping ? ' carousel--looping' : ''}`}
      aria-roledescription="carousel"
      aria-label="Featured collections"
      data-testid="featured-carousel"
      data-looping={looping}
      data-paused={looping && paused}
      data-duration={`${duration}s`}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel__viewport" ref={viewportRef} data-testid="featured-carousel-viewport">
        <ul className="carousel__track" ref={trackRef} data-testid="featured-grid">
          {items.map((collection, index) => {
            const duplicate = index >= count;
            return (
              <li
                key={`${duplicate ? 'copy' : 'card'}:${collection.id}`}
                className="carousel__item"
                aria-hidden={duplicate || undefined}
                inert={duplicate || undefined}
              >
                <CollectionCard collection={collection} badge={badgeOf(collection)} onExplore={onExplore} />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
