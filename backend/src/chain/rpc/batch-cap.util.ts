import type { ProviderFacts } from './provider-facts.store.js';
import { batchCap, collectAnswer, isBatchRefusal } from './rpc-errors.util.js';

/** A day: a provider's batch cap is learnt again at its first refusal after that. */
const LEARNT_TTL_MS = 86_400_000;

/**
 * A failure of a batched request that the batch itself may have caused: a refusal in words (geth
 * `batch too large`, NodeReal `batch size exceed limit N`…), the whole request refused (HTTP 413 or
 * 400), or an answer missing calls (geth answers an oversized batch with one error for the
 * first call; viem then fails the others with a TypeError). Asked again alone, the call tells.
 */
export function mayBeBatchRefusal(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const { status } = collectAnswer(error);
  return status === 413 || status === 400 || isBatchRefusal(error);
}

/**
 * The calls one JSON-RPC batch to a node may hold, as its refusals taught: the cap a refusal
 * states, else half the size refused. Shared with every process reading the node through
 * `facts` (Redis), for a day.
 */
export class BatchCap {
  private current: number;

  constructor(
    configured: number,
    private readonly facts: ProviderFacts | null,
  ) {
    this.current = configured;
    facts
      ?.get('batch')
      .then((stored) => {
        const learnt = Number(stored);
        if (Number.isSafeInteger(learnt) && learnt > 0 && learnt < this.current) this.current = learnt;
      })
      .catch(() => undefined);
  }

  /** Calls per batch now (1: one call per request). */
  get size(): number {
    return this.current;
  }

  /**
   * A batch of `size` calls was refused (the call passed alone): the cap it states, else half that
   * size. A refusal of a batch larger than the cap already learnt (sent before it) teaches nothing.
   */
  refused(error: unknown, size: number): number {
    if (size > this.current) return this.current;
    const stated = isBatchRefusal(error) ? batchCap(error) : null;
    const next = Math.max(1, stated !== null && stated < size ? stated : Math.floor(size / 2));
    if (next < this.current) {
      this.current = next;
      this.facts?.set('batch', String(next), LEARNT_TTL_MS).catch(() => undefined);
    }
    return this.current;
  }
}
