import type { AddressProbe } from '../chain/index.js';
import type { AddressAnswersRepository } from './address-answers.repository.js';
import {
  DEFAULT_PRIMARY_NAMES_LIMITS,
  PRIMARY_NAME_TTL_S,
  PrimaryNamesService,
  type PrimaryNamesLimits,
} from './primary-names.service.js';

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const [NAMED, NAMELESS, OTHER] = [address(1), address(2), address(3)];
const ZERO = address(0);

/** Redis of the answers, by `question:address`, with the TTL each was written with. */
class FakeAnswers {
  readonly kept = new Map<string, { answer: unknown; ttl: number }>();
  async getMany<T>(question: string, addresses: readonly string[]): Promise<Array<T | null>> {
    return addresses.map((a) => (this.kept.get(`${question}:${a}`)?.answer as T | undefined) ?? null);
  }
  async set(question: string, key: string, answer: unknown, ttl: number): Promise<void> {
    this.kept.set(`${question}:${key}`, { answer, ttl });
  }
}

/** A node whose answers the test hands out: each look-up waits until answered or failed. */
class FakeNode {
  readonly asked: string[] = [];
  private readonly waiting = new Map<
    string,
    { resolve: (n: string | null) => void; reject: (e: Error) => void }
  >();
  primaryName(addr: string): Promise<string | null> {
    this.asked.push(addr);
    return new Promise((resolve, reject) => this.waiting.set(addr, { resolve, reject }));
  }
  answer(addr: string, name: string | null): void {
    this.waiting.get(addr)!.resolve(name);
    this.waiting.delete(addr);
  }
  fail(addr: string): void {
    this.waiting.get(addr)!.reject(new Error('HTTP request failed'));
    this.waiting.delete(addr);
  }
  get open(): string[] {
    return [...this.waiting.keys()];
  }
}

/** Lets the look-ups started so far reach the node. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe(PrimaryNamesService.name, () => {
  let answers: FakeAnswers;
  let node: FakeNode;
  const service = (limits: Partial<PrimaryNamesLimits> = {}) =>
    new PrimaryNamesService(node as unknown as AddressProbe, answers as unknown as AddressAnswersRepository, {
      ...DEFAULT_PRIMARY_NAMES_LIMITS,
      ...limits,
    });

  beforeEach(() => {
    answers = new FakeAnswers();
    node = new FakeNode();
  });

  it('names the addresses that have a primary name, asking each distinct address once', async () => {
    const sut = service();
    const page = sut.names([
      NAMED,
      NAMELESS.toUpperCase().replace('0X', '0x'),
      NAMED,
      ZERO,
      'not-an-address',
    ]);
    await settle();
    expect(node.asked).toEqual([NAMED, NAMELESS]);
    node.answer(NAMED, 'demo.eth');
    node.answer(NAMELESS, null);
    expect(await page).toEqual({ [NAMED]: 'demo.eth' });
  });

  it('keeps names and their absence, and answers them again without the node', async () => {
    const sut = service();
    const first = sut.names([NAMED, NAMELESS]);
    await settle();
    node.answer(NAMED, 'demo.eth');
    node.answer(NAMELESS, null);
    await first;
    expect(answers.kept.get(`ens-name:${NAMELESS}`)).toEqual({
      answer: { name: null },
      ttl: PRIMARY_NAME_TTL_S,
    });

    expect(await sut.names([NAMELESS, NAMED])).toEqual({ [NAMED]: 'demo.eth' });
    expect(node.asked).toEqual([NAMED, NAMELESS]);
  });

  it('answers without the names the node is slow to give, and keeps them for the next page', async () => {
    const sut = service({ waitMs: 20 });
    const first = sut.names([NAMED]);
    await settle();
    const answered = await first;
    expect(answered).toEqual({});
    node.answer(NAMED, 'demo.eth');
    await settle();
    // The answer already sent is not changed by the late one; the next page has it.
    expect(answered).toEqual({});
    expect(await sut.names([NAMED])).toEqual({ [NAMED]: 'demo.eth' });
    expect(node.asked).toEqual([NAMED]);
  });

  it('keeps no answer for a node that failed, and asks it nothing for a while', async () => {
    const sut = service({ pauseMs: 60_000 });
    const first = sut.names([NAMED, NAMELESS]);
    await settle();
    node.fail(NAMED);
    node.answer(NAMELESS, null);
    expect(await first).toEqual({});
    expect(answers.kept.has(`ens-name:${NAMED}`)).toBe(false);

    expect(await sut.names([NAMED, OTHER])).toEqual({});
    expect(node.asked).toEqual([NAMED, NAMELESS]);
  });

  it('asks at most perPage addresses of a page, and at most `concurrent` at once', async () => {
    const sut = service({ perPage: 3, concurrent: 2, waitMs: 20 });
    const wallets = [1, 2, 3, 4, 5].map((n) => address(n + 10));
    const page = sut.names(wallets);
    await settle();
    expect(node.open).toEqual(wallets.slice(0, 2));
    await page;
    node.answer(wallets[0]!, null);
    await settle();
    expect(node.open).toEqual([wallets[1], wallets[2]]);
    expect(node.asked).toEqual(wallets.slice(0, 3));
  });

  it('asks nothing more while too many look-ups wait their turn', async () => {
    const sut = service({ concurrent: 1, queued: 1, waitMs: 20 });
    await sut.names([address(11), address(12), address(13)]);
    node.answer(address(11), null);
    await settle();
    node.answer(address(12), null);
    await settle();
    expect(node.asked).toEqual([address(11), address(12)]);
  });
});
