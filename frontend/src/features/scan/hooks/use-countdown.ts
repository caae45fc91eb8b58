import { useEffect, useState } from 'react';

const TICK_MS = 250;

/** Whole seconds left of `durationMs` once `active` turns true (counted from then); 0 when over. */
export function useCountdown(durationMs: number, active: boolean): number {
  const whole = Math.ceil(durationMs / 1000);
  const [left, setLeft] = useState(whole);
  // While inactive the count stands at the full time, ready for the next start (adjusted while
  // rendering, as React advises for state that follows its inputs).
  if (!active && left !== whole) setLeft(whole);
  useEffect(() => {
    if (!active) return;
    const deadline = Date.now() + durationMs;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [durationMs, active]);
  return left;
}

/** True once `delayMs` has passed since mount. */
export function useDelay(delayMs: number): boolean {
  const [done, setDone] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setDone(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return done;
}
