/**
 * Spaces calls to at most `perSecond`, evenly (a public node counts requests per second, and a
 * burst at the edge of its window is refused with 429 even when the average is within the limit).
 */
export class RequestPacer {
  private readonly gapMs: number;
  private next = 0;

  constructor(perSecond: number) {
    if (!(perSecond > 0)) throw new Error(`requests per second must be positive, got ${perSecond}`);
    // A little under the budget: arrival jitter must not push a second over it.
    this.gapMs = 1000 / (perSecond * 0.95);
  }

  /** Resolves when the next call may go. */
  async turn(): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.next);
    this.next = at + this.gapMs;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  }
}
