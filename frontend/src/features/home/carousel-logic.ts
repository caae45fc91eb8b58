/** SPEC §2 / §9 featured carousel. */
export const CAROUSEL_WHEEL_STEP_PX = 350;
export const CAROUSEL_SECONDS_PER_CARD = 6;
export const CAROUSEL_MIN_DURATION_S = 20;

/** One full loop (every card passing once) takes max(count * 6, 20) seconds. */
export function carouselDurationSeconds(count: number): number {
  return Math.max(count * CAROUSEL_SECONDS_PER_CARD, CAROUSEL_MIN_DURATION_S);
}

/** Brings a scroll position into [0, loop): the duplicated half shows the same cards. */
export function wrapOffset(offset: number, loop: number): number {
  if (loop <= 0) return offset;
  return ((offset % loop) + loop) % loop;
}

/**
 * Where one wheel step lands, and where to jump first (instantly) so that the step stays inside the
 * duplicated track: going past either end continues from the matching card of the other copy.
 */
export function wheelStep(
  from: number,
  direction: 1 | -1,
  loop: number,
  maxScroll: number,
): { jumpTo: number | null; target: number } {
  const target = from + direction * CAROUSEL_WHEEL_STEP_PX;
  if (loop <= 0) return { jumpTo: null, target: Math.min(Math.max(0, target), maxScroll) };
  if (direction > 0 && target > maxScroll) return { jumpTo: from - loop, target: target - loop };
  if (direction < 0 && target < 0) return { jumpTo: from + loop, target: target + loop };
  return { jumpTo: null, target };
}
