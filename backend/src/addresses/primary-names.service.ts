import { Inject, Injectable, Logger } from '@nestjs/common';
import { isEvmAddress } from '@nexus/contract';
import { type AddressProbe, ADDRESS_PROBE } from '../chain/index.js';
import { AddressAnswersRepository } from './address-answers.repository.js';

/** How long a primary name (or its absence) is kept: names change rarely. */
export const PRIMARY_NAME_TTL_S = 15 * 60;

export interface PrimaryNamesLimits {
  /** How long a page waits for the names not cached; the page answers without the rest. */
  waitMs: number;
  /** Addresses of one page asked of the node at most; the others wait for a later page. */
  perPage: number;
  /** Look-ups running at once, all pages together. */
  concurrent: number;
  /** Look-ups waiting their turn at most; past it a page asks for no more. */
  queued: number;
  /** After the node failed, how long pages ask it nothing (they answer the names kept). */
  pauseMs: number;
}

export const DEFAULT_PRIMARY_NAMES_LIMITS: PrimaryNamesLimits = {
  waitMs: 1500,
  perPage: 30,
  concurrent: 6,
  queued: 120,
  pauseMs: 30_000,
};

/** Injection token of the limits (tests give smaller ones). */
export const PRIMARY_NAMES_LIMITS = Symbol('PRIMARY_NAMES_LIMITS');

const ZERO = '0x0000000000000000000000000000000000000000';

interface CachedName {
  name: string | null;
}

/**
 * Primary ENS names (reverse record, checked forward, on Ethereum as the wallet header) of the
 * addresses of a list page. Names are an extra: a page never waits long for them nor fails for
 * them. Answers, "none" included, are kept in Redis; a node that did not answer is not an answer,
 * and is left alone for a while.
 * A look-up the page stopped waiting for runs on and is kept for the next page.
 */
@Injectable()
export class PrimaryNamesService {
  private readonly logger = new Logger('PrimaryNames');
  private readonly pending = new Map<string, Promise<string | null>>();
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  private lastFailureLog = 0;
  private pausedUntil = 0;

  constructor(
    @Inject(ADDRESS_PROBE) private readonly probe: AddressProbe,
    private readonly answers: AddressAnswersRepository,
    @Inject(PRIMARY_NAMES_LIMITS) private readonly limits: PrimaryNamesLimits,
  ) {}

  /** Lower-case address → primary name, for those of `addresses` that have one known in time. */
  async names(addresses: Iterable<string>): Promise<Record<string, string>> {
    const wanted = [...new Set([...addresses].filter(isEvmAddress).map((a) => a.toLowerCase()))].filter(
      (address) => address !== ZERO,
    );
    if (wanted.length === 0) return {};
    const found = new Map<string, string>();
    const cached = await this.answers.getMany<CachedName>('ens-name', wanted);
    const missing: string[] = [];
    wanted.forEach((address, index) => {
      const answer = cached[index];
      if (!answer) missing.push(address);
      else if (answer.name) found.set(address, answer.name);
    });
    const asked = missing.slice(0, this.limits.perPage).flatMap((address) => {
      const lookUp = this.lookUp(address);
      return lookUp ? [lookUp.then((name) => name && found.set(address, name))] : [];
    });
    if (asked.length > 0) await this.within(Promise.allSettled(asked), this.limits.waitMs);
    // A copy: look-ups answering after the wait must not change an answer already sent.
    return Object.fromEntries(found);
  }

  private async within(work: Promise<unknown>, ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  /** One look-up per address at a time; none when too many wait already. */
  private lookUp(address: string): Promise<string | null> | null {
    const running = this.pending.get(address);
    if (running) return running;
    if (this.waiting.length >= this.limits.queued || Date.now() < this.pausedUntil) return null;
    const asked = this.turn()
      .then(() => this.ask(address))
      .finally(() => {
        this.pending.delete(address);
        this.release();
      });
    this.pending.set(address, asked);
    return asked;
  }

  private async ask(address: string): Promise<string | null> {
    let name: string | null;
    try {
      name = await this.probe.primaryName(address);
    } catch (error) {
      // A node down or slow: every page would wait for it; ask again after a pause.
      this.pausedUntil = Date.now() + this.limits.pauseMs;
      this.reportFailure(error);
      throw error;
    }
    await this.answers.set('ens-name', address, { name } satisfies CachedName, PRIMARY_NAME_TTL_S);
    return name;
  }

  private turn(): Promise<void> {
    if (this.running < this.limits.concurrent) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the finished look-up's place to the next one waiting. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }

  /** One line a minute while the Ethereum node fails, not one per address. */
  private reportFailure(error: unknown): void {
    const now = Date.now();
    if (now - this.lastFailureLog < 60_000) return;
    this.lastFailureLog = now;
    this.logger.warn(`primary names unavailable: ${(error as Error).message.split('\n')[0]}`);
  }
}
