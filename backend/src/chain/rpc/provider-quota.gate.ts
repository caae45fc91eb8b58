import { BaseError, type Transport } from 'viem';
import { INCOMPLETE_REASONS } from '@nexus/contract';
import { SharedFact, type ProviderFacts } from './provider-facts.store.js';
import { collectAnswer, retryAfterMs, throttling } from './rpc-errors.util.js';

/** How long a spent quota is left alone when the node does not say when it is renewed. */
export const UNKNOWN_QUOTA_RESET_MS = 3_600_000;

/** A call not sent: the node's daily or monthly quota is spent until `until` (ms since epoch). */
export class ProviderQuotaError extends BaseError {
  override name = 'ProviderQuotaError';

  constructor(readonly until: number) {
    super(`the node's request quota is spent until ${new Date(until).toISOString()}`);
  }
}

/** True for a spent quota, whether the node said so or the gate stopped the call before it. */
export function isQuotaSpent(error: unknown): boolean {
  if (error instanceof BaseError && error.walk((node) => node instanceof ProviderQuotaError)) return true;
  return throttling(error) === 'quota';
}

/**
 * When a spent quota is renewed: the time the node asks for (Retry-After, Infura's
 * backoff_seconds), midnight UTC for a daily quota (Infura's and most providers' day), otherwise
 * an hour from now.
 */
export function quotaResetAt(error: unknown, now = Date.now()): number {
  const asked = retryAfterMs(error);
  if (asked !== null && asked > 0) return now + asked;
  if (/daily|per day|\bday\b/i.test(collectAnswer(error).messages)) {
    const midnight = new Date(now);
    midnight.setUTCHours(24, 0, 0, 0);
    return midnight.getTime();
  }
  return now + UNKNOWN_QUOTA_RESET_MS;
}

/**
 * A provider's spent quota, shared by every process reading it (Redis): once one call is refused
 * for it, no process asks the node again before the quota's reset, and every call fails at once
 * with a ProviderQuotaError, which the readers turn into a partial answer that says why.
 */
export class QuotaGate {
  private readonly quota: SharedFact;

  constructor(facts: ProviderFacts) {
    this.quota = new SharedFact(facts, 'quota');
  }

  /** Throws a ProviderQuotaError while the quota is spent. */
  async check(): Promise<void> {
    const until = Number(await this.quota.read());
    if (until > Date.now()) throw new ProviderQuotaError(until);
  }

  /** A call was refused for the quota: closed until its reset, for every process. */
  async spent(error: unknown): Promise<void> {
    const until = quotaResetAt(error);
    await this.quota.write(String(until), until - Date.now());
  }
}

/** The transport, with every call stopped before it is sent while the node's quota is spent. */
export function quotaGuardedTransport(inner: Transport, gate: QuotaGate): Transport {
  return (config) => {
    const base = inner(config);
    const request = (async (args: Parameters<typeof base.request>[0], options?: unknown) => {
      await gate.check();
      try {
        return await (base.request as (a: unknown, o?: unknown) => Promise<unknown>)(args, options);
      } catch (error) {
        if (throttling(error) === 'quota') await gate.spent(error);
        throw error;
      }
    }) as typeof base.request;
    return { ...base, request };
  };
}

/**
 * A step of a scan the node's spent quota stops: with `onIncomplete` the scan goes on with
 * `fallback` and its answer says why it is partial; without it the failure stands.
 */
export async function unlessQuotaSpent<T>(
  work: () => Promise<T>,
  fallback: T,
  onIncomplete: ((reason: string) => void) | undefined,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!onIncomplete || !isQuotaSpent(error)) throw error;
    onIncomplete(INCOMPLETE_REASONS.quota);
    return fallback;
  }
}
