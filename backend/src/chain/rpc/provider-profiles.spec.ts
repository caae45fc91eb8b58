// Over 400 lines for that reason: one table of provider profiles, each run through the same scan, enumeration
// and backfill in front of one chain.
import { MikroORM } from '@mikro-orm/postgresql';
import { INCOMPLETE_REASONS, SCAN_ERRORS } from '@nexus/contract';
import {
  PROVIDER_NAMES,
  PROVIDER_PROFILES,
  providerLimits,
  type ProviderName,
} from '../../../../deploy/devchain/src/provider-profiles.js';
import { PublicNodeProxy, type PublicNodeLimits } from '../../../../deploy/devchain/src/public-node.proxy.js';
import { dropDatabase, freshDatabase } from '../../../../test/support/fresh-database.js';
import { describeWith, TEST_CHAIN } from '../../../../test/support/requirements.js';
import { readTestManifest, type ManifestCollection } from '../../../../test/support/system.js';
import { VISITOR_ERRORS, visitorScanError } from '../../platform/common/index.js';
import { ormConfig } from '../../platform/database/index.js';
import {
  TransferIndexer,
  TransferIndexReader,
  TransferIndexRepository,
  type IndexSettings,
} from '../../transfer-index/index.js';
import type { CollectionInfo, WalletHolding } from '../nft-source.js';
import { RpcNftSource } from './rpc-nft.source.js';
import { ENTITIES } from '../../entities.js';

/**
 * Issue 22: every provider profile of the public-node front (deploy/devchain/src/provider-profiles.ts,
 * which cites where each provider's limits and texts come from) in front of the slot's cronos test
 * chain, and through it a wallet scan, the enumeration of the two collections found only through
 * logs (Critters, Genesis) and a transfer-index backfill, each compared with the chain read
 * directly. The providers' numbers are shrunk to the test chain's few dozen blocks (a span cap
 * stays a span cap, a result cap still splits Critters' 100-mint blocks), their texts and shapes
 * kept exactly. First, the front itself is checked to answer with each profile's texts and shapes.
 */
const maybe = describeWith([TEST_CHAIN]);

const CRONOS_CHAIN_ID = 25;
/**
 * Profiles whose answers the reader does not handle yet (/work/notes/provider-gaps.md, for the
 * owner of backend/src/chain/rpc): expected to fail until fixed, then moved back.
 */
const OPEN_GAPS = new Set<ProviderName>([]);
/** Spans of 5 to 50,000 blocks become 2 to 16: every one of them splits the test chain's history. */
const testSpan = (span: number | null): number | null =>
  span === null ? null : Math.max(2, Math.round(Math.log2(span)));
/** 10,000 logs become 150: above one Critters mint block (100), below two. */
const testResults = (results: number | null): number | null =>
  results === null ? null : Math.round((results * 150) / 10_000);

function testLimits(name: ProviderName): PublicNodeLimits {
  const real = PROVIDER_PROFILES[name].limits;
  return providerLimits(name, {
    maxLogRange: testSpan(real.maxLogRange),
    maxLogResults: testResults(real.maxLogResults),
    // Every cap a reader at today's defaults (10 calls per HTTP batch) runs into.
    maxBatch: real.maxBatch === null ? null : Math.min(real.maxBatch, 2),
    // Room for the scans at the head; the bisection for a deployment block reads older state.
    stateBlocks: real.stateBlocks === null ? null : 16,
    // A Critters mint block's logs (~60 KB of JSON) fit, two do not.
    maxResponseBytes: real.maxResponseBytes === null ? null : 100_000,
    // Enough to finish in seconds, few enough for bursts to be throttled.
    requestsPerSecond: 60,
  });
}

/** What a visitor may be told when a scan fails: our own fixed texts only. */
const VISITOR_TEXTS = new Set<string>([...Object.values(SCAN_ERRORS), ...Object.values(VISITOR_ERRORS)]);
/** Why a scan's answer is partial, as a visitor reads it. */
const INCOMPLETE_TEXTS = new Set<string>(Object.values(INCOMPLETE_REASONS));

type Outcome<T> = { ok: true; value: T } | { ok: false; visitorSees: string; detail: string };

async function settle<T>(work: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, visitorSees: visitorScanError(detail), detail };
  }
}

interface RpcBody {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** One HTTP request to a node: its status, headers and JSON body. */
async function post(
  url: string,
  body: unknown,
): Promise<{ status: number; headers: Headers; json: RpcBody | RpcBody[] }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as RpcBody };
}

const call = (id: number, method: string, params: unknown[] = []) => ({ jsonrpc: '2.0', id, method, params });
const hex = (n: bigint): string => `0x${n.toString(16)}`;

maybe('provider profiles of the public-node front (issue 22)', () => {
  const manifest = readTestManifest();
  const cronos = manifest.networks.cronos!;
  const seeded = manifest.collections.filter((c) => c.network === 'cronos');
  const seededAddresses = new Set(seeded.map((c) => c.address.toLowerCase()));
  const logsOnly = seeded.filter((c) => c.standard === 'ERC-721' && !c.enumerable);
  const wallets = manifest.wallets.filter((w) => w.network === 'cronos').map((w) => w.address.toLowerCase());
  const SETTINGS: IndexSettings = { fromBlock: 0n, confirmations: 0 };

  let orm: MikroORM;
  let databaseUrl: string;
  let repository: TransferIndexRepository;
  let reader: TransferIndexReader;
  const truth = {
    wallets: new Map<string, string[]>(),
    collections: new Map<string, string[]>(),
    index: new Map<string, string[]>(),
  };

  const info = (collection: ManifestCollection): CollectionInfo =>
    ({
      network: 'cronos',
      address: collection.address.toLowerCase(),
      name: collection.name,
      symbol: collection.symbol,
      standard: collection.standard,
      totalSupply: collection.totalSupply,
      enumerable: false,
    }) as CollectionInfo;
  const source = (rpcUrl: string, timeoutMs?: number) =>
    new RpcNftSource(
      { cronos: { chainId: CRONOS_CHAIN_ID, rpcUrl } },
      // A short chain still bisects for a collection's deployment block: old state is asked for.
      { deploymentSearchThreshold: 10, ...(timeoutMs ? { timeoutMs } : {}) },
    );
  /** The seeded collections' tokens a wallet holds (other suites deploy their own on this chain). */
  const held = (holdings: WalletHolding[]): string[] =>
    holdings
      .filter((holding) => seededAddresses.has(holding.collection.address.toLowerCase()))
      .flatMap((holding) =>
        holding.tokens.map(
          (token) =>
            `${holding.collection.address.toLowerCase()}:${token.tokenId}:${token.balance ?? 1}:${token.tokenUri}`,
        ),
      )
      .sort();
  const tokens = (refs: Array<{ tokenId: string; tokenUri: string | null }>): string[] =>
    refs.map((ref) => `${ref.tokenId}:${ref.tokenUri}`);
  /** What the index holds of the seeded collections: each wallet's tokens and each collection's ids. */
  const indexContents = async (): Promise<Map<string, string[]>> => {
    const contents = new Map<string, string[]>();
    for (const wallet of wallets) {
      const holdings = await reader.holdings('cronos', wallet);
      contents.set(
        `wallet ${wallet}`,
        [
          ...(holdings?.erc721 ?? []).map((item) => `${item.contract}:${item.tokenId}`),
          ...(holdings?.erc1155 ?? []).map((item) => `${item.contract}:${item.tokenId}:${item.balance}`),
        ]
          .filter((key) => seededAddresses.has(key.split(':')[0]!))
          .sort(),
      );
    }
    for (const collection of logsOnly) {
      const indexed = await reader.collectionTokens('cronos', collection.address, 'ERC-721');
      contents.set(
        `collection ${collection.name}`,
        (indexed?.erc721 ?? []).map((token) => `${token.tokenId}:${token.burned}`).sort(),
      );
    }
    return contents;
  };
  /** A backfill from genesis to the head through `rpc`. */
  const backfill = async (rpc: RpcNftSource): Promise<void> => {
    await repository.drop('cronos');
    const indexer = new TransferIndexer(repository, { firstWindow: 1_000n, requestsPerWindow: 4 });
    for (;;) {
      const result = await indexer.pass('cronos', rpc.transferFeed('cronos'), SETTINGS);
      if (result.cursor.indexedTo + BigInt(SETTINGS.confirmations) >= result.cursor.head) return;
    }
  };

  beforeAll(async () => {
    databaseUrl = await freshDatabase('provider_profiles');
    orm = await MikroORM.init({ ...ormConfig(databaseUrl, ENTITIES), logger: () => undefined });
    repository = new TransferIndexRepository(orm.em);
    reader = new TransferIndexReader(orm.em);
    // The chain read directly, without limits.
    const direct = source(cronos.rpcUrl);
    for (const wallet of wallets) {
      truth.wallets.set(
        wallet,
        held(await direct.getWalletHoldings('cronos', wallet, { includeAllTokenTypes: true })),
      );
    }
    for (const collection of logsOnly) {
      truth.collections.set(collection.address, tokens(await direct.enumerateCollection(info(collection))));
    }
    await backfill(direct);
    truth.index = await indexContents();
  }, 120_000);

  afterAll(async () => {
    await orm?.close(true);
    if (databaseUrl) await dropDatabase(databaseUrl);
  });

  it('has the seeded wallets and logs-only collections to compare', () => {
    expect(wallets.length).toBeGreaterThan(0);
    expect([...truth.wallets.values()].some((list) => list.length > 0)).toBe(true);
    expect(logsOnly.map((c) => c.name).sort()).toEqual(['Nexus Cronos Critters', 'Nexus Cronos Genesis']);
    for (const collection of logsOnly) {
      expect(truth.collections.get(collection.address)!.length).toBe(collection.totalSupply);
    }
  });

  it.each([...PROVIDER_NAMES])("%s: the front refuses with the profile's texts and shapes", async (name) => {
    const limits = testLimits(name);
    const answers = PROVIDER_PROFILES[name].answers;
    const front = await PublicNodeProxy.start(cronos.rpcUrl, limits);
    try {
      const head = BigInt(
        ((await post(cronos.rpcUrl, call(1, 'eth_blockNumber'))).json as RpcBody).result as string,
      );
      if (limits.maxLogRange !== null) {
        const { json } = await post(
          front.url,
          call(1, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: hex(head) }]),
        );
        expect((json as RpcBody).error).toEqual(answers.span!(limits.maxLogRange, 0n, head));
      }
      // Two neighbouring blocks holding more Critters mints than the result cap, the first fewer.
      const critters = logsOnly.find((c) => c.name === 'Nexus Cronos Critters')!.address;
      const logs = (
        (
          await post(
            cronos.rpcUrl,
            call(1, 'eth_getLogs', [{ address: critters, fromBlock: '0x0', toBlock: hex(head) }]),
          )
        ).json as RpcBody
      ).result as Array<{ blockNumber: string }>;
      const perBlock = new Map<bigint, number>();
      for (const log of logs)
        perBlock.set(BigInt(log.blockNumber), (perBlock.get(BigInt(log.blockNumber)) ?? 0) + 1);
      // Blocks from the first mint on until they hold more logs (or bytes of them) than a cap.
      const first = [...perBlock.keys()].sort((a, b) => Number(a - b))[0]!;
      const until = (over: (to: bigint) => boolean): bigint => {
        let to = first;
        while (!over(to) && to < head) to++;
        return to;
      };
      const within = (to: bigint) => logs.filter((log) => BigInt(log.blockNumber) <= to);
      const query = (to: bigint) => [{ address: critters, fromBlock: hex(first), toBlock: hex(to) }];
      if (limits.maxLogResults !== null) {
        const to = until((end) => within(end).length > limits.maxLogResults!);
        const { json } = await post(front.url, call(1, 'eth_getLogs', query(to)));
        expect((json as RpcBody).error).toEqual(answers.results!(limits.maxLogResults, first, to, to - 1n));
      }
      if (limits.maxResponseBytes) {
        const to = until((end) => JSON.stringify(within(end)).length > limits.maxResponseBytes!);
        const { json } = await post(front.url, call(1, 'eth_getLogs', query(to)));
        expect((json as RpcBody).error).toEqual(answers.tooLarge!(limits.maxResponseBytes));
      }
      if (limits.maxBatch) {
        const size = limits.maxBatch + 1;
        const batch = Array.from({ length: size }, (_, index) => call(index + 7, 'eth_chainId'));
        const { status, json } = await post(front.url, batch);
        const refusal = answers.batch!(limits.maxBatch, size);
        expect(status).toBe(refusal.status);
        if (refusal.shape === 'whole')
          expect(json).toEqual({ jsonrpc: '2.0', id: null, error: refusal.error });
        if (refusal.shape === 'each') {
          expect(json).toEqual(batch.map((item) => ({ jsonrpc: '2.0', id: item.id, error: refusal.error })));
        }
        if (refusal.shape === 'first')
          expect(json).toEqual([{ jsonrpc: '2.0', id: 7, error: refusal.error }]);
      }
      if (limits.stateBlocks) {
        const { json } = await post(front.url, call(1, 'eth_getCode', [critters, '0x0']));
        expect((json as RpcBody).error).toEqual(answers.pruned!(0n));
        const recent = await post(front.url, call(1, 'eth_getCode', [critters, hex(head)]));
        expect((recent.json as RpcBody).result).toMatch(/^0x[0-9a-f]{2,}/);
      }
      // Ten requests at once to a front allowing two a second (a loaded machine may spread a
      // burst of the test rate over more than a second).
      const slow = await PublicNodeProxy.start(cronos.rpcUrl, { ...limits, requestsPerSecond: 2 });
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, index) => post(slow.url, call(index, 'eth_chainId'))),
      ).finally(() => slow.close());
      const throttled = answers.throttled!(2);
      const refused = burst.filter((answer) => (answer.json as RpcBody).error !== undefined);
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(answer.status).toBe(throttled.status);
        expect((answer.json as RpcBody).error).toEqual(throttled.error);
        for (const [header, value] of Object.entries(throttled.headers ?? {})) {
          expect(answer.headers.get(header)).toBe(value);
        }
      }
      if (!throttled.headers?.['Retry-After']) expect(refused[0]!.headers.get('Retry-After')).toBeNull();
    } finally {
      await front.close();
    }
  });

  it.each(['infura', 'alchemy'] as const)(
    '%s: a spent quota ends the scans as partial or failed, never as complete',
    async (name) => {
      const front = await PublicNodeProxy.start(cronos.rpcUrl, { ...testLimits(name), quota: 40 });
      try {
        const rpc = source(front.url);
        const scans: Array<{
          truth: string[];
          run: (onIncomplete: (reason: string) => void) => Promise<string[]>;
        }> = [
          ...wallets.map((wallet) => ({
            truth: truth.wallets.get(wallet)!,
            run: async (onIncomplete: (reason: string) => void) =>
              held(
                await rpc.getWalletHoldings('cronos', wallet, { includeAllTokenTypes: true, onIncomplete }),
              ),
          })),
          ...logsOnly.map((collection) => ({
            truth: truth.collections.get(collection.address)!,
            run: async (onIncomplete: (reason: string) => void) =>
              tokens(await rpc.enumerateCollection(info(collection), undefined, onIncomplete)),
          })),
        ];
        let short = 0;
        for (const scan of scans) {
          const reasons: string[] = [];
          const outcome = await settle(scan.run((reason) => reasons.push(reason)));
          if (!outcome.ok) {
            expect(VISITOR_TEXTS.has(outcome.visitorSees)).toBe(true);
            short++;
          } else if (reasons.length > 0) {
            // Partial, and said so in words a visitor can read.
            for (const reason of reasons) expect(INCOMPLETE_TEXTS.has(reason)).toBe(true);
            short++;
          } else {
            // Presented as complete: then it is.
            expect(outcome.value).toEqual(scan.truth);
          }
        }
        expect(front.refused.quota).toBeGreaterThan(0);
        expect(short).toBeGreaterThan(0);
      } finally {
        await front.close();
      }
    },
  );

  it.each([
    ['answered with a timeout error', undefined],
    ['left unanswered past the client timeout', 2_000],
  ] as const)(
    'wide log queries %s are split: scans and the backfill equal the chain',
    async (_, hangMs) => {
      const front = await PublicNodeProxy.start(cronos.rpcUrl, {
        maxLogRange: null,
        maxLogResults: null,
        requestsPerSecond: 1_000,
        slowLogs: { blocks: 4, ...(hangMs ? { hangMs } : {}) },
      });
      try {
        const rpc = source(front.url, 1_000);
        for (const wallet of wallets) {
          const incomplete: string[] = [];
          const holdings = await rpc.getWalletHoldings('cronos', wallet, {
            includeAllTokenTypes: true,
            onIncomplete: (reason) => incomplete.push(reason),
          });
          expect(incomplete).toEqual([]);
          expect(held(holdings)).toEqual(truth.wallets.get(wallet));
        }
        for (const collection of logsOnly) {
          const incomplete: string[] = [];
          const refs = await rpc.enumerateCollection(info(collection), undefined, (reason) =>
            incomplete.push(reason),
          );
          expect(incomplete).toEqual([]);
          expect(tokens(refs)).toEqual(truth.collections.get(collection.address));
        }
        await backfill(rpc);
        expect(await indexContents()).toEqual(truth.index);
        expect(front.refused.timedOut).toBeGreaterThan(0);
      } finally {
        await front.close();
      }
    },
    120_000,
  );

  for (const name of PROVIDER_NAMES) {
    (OPEN_GAPS.has(name) ? it.failing : it)(
      `${name}: wallet scans, logs-only collections and the index backfill equal the chain`,
      async () => {
        const limits = testLimits(name);
        const front = await PublicNodeProxy.start(cronos.rpcUrl, limits);
        try {
          const rpc = source(front.url);
          const failures: string[] = [];
          const check = <T>(what: string, outcome: Outcome<T>): T | null => {
            if (outcome.ok) return outcome.value;
            // Not silent: the reader failed; and what the visitor would read is our own text.
            expect(VISITOR_TEXTS.has(outcome.visitorSees)).toBe(true);
            failures.push(`${what}: ${outcome.detail}`);
            return null;
          };

          for (const wallet of wallets) {
            const incomplete: string[] = [];
            const holdings = check(
              `wallet ${wallet}`,
              await settle(
                rpc.getWalletHoldings('cronos', wallet, {
                  includeAllTokenTypes: true,
                  onIncomplete: (reason) => incomplete.push(reason),
                }),
              ),
            );
            // Every block and token is servable through the profile: a partial answer is a gap too.
            expect(incomplete).toEqual([]);
            if (holdings) expect(held(holdings)).toEqual(truth.wallets.get(wallet));
          }
          for (const collection of logsOnly) {
            const incomplete: string[] = [];
            const refs = check(
              `collection ${collection.name}`,
              await settle(
                rpc.enumerateCollection(info(collection), undefined, (reason) => incomplete.push(reason)),
              ),
            );
            expect(incomplete).toEqual([]);
            if (refs) expect(tokens(refs)).toEqual(truth.collections.get(collection.address));
          }
          if (check('index backfill', await settle(backfill(rpc))) !== null) {
            expect(await indexContents()).toEqual(truth.index);
          }

          // Bursts of look-ups beyond the rate until one is throttled in the profile's shape: every
          // look-up answered all the same. A loaded machine may answer a burst slower than the rate
          // (each look-up is several calls), so bursts go on for up to a minute, not a fixed count.
          const burstsUntil = Date.now() + 60_000;
          for (let round = 0; (round < 5 || Date.now() < burstsUntil) && front.refused.rate === 0; round++) {
            const lookups = check(
              'collection look-ups in a burst',
              await settle(
                // Every look-up settled before the front closes, whichever fails first.
                Promise.allSettled(
                  Array.from({ length: 80 }, (_, index) =>
                    rpc.getCollection('cronos', logsOnly[index % logsOnly.length]!.address),
                  ),
                ).then((settled) =>
                  settled.map((result) => {
                    if (result.status === 'rejected') throw result.reason;
                    return result.value;
                  }),
                ),
              ),
            );
            if (!lookups) break;
            expect(lookups.map((found) => found?.name)).toEqual(
              Array.from({ length: 80 }, (_, index) => logsOnly[index % logsOnly.length]!.name),
            );
          }

          expect(failures).toEqual([]);
          expect(front.refused.rate).toBeGreaterThan(0);
          // The profile's limits were met, not avoided.
          if (limits.maxLogRange !== null) expect(front.refused.logRange).toBeGreaterThan(0);
          if (limits.maxLogResults !== null) expect(front.refused.logResults).toBeGreaterThan(0);
          if (limits.maxBatch) expect(front.refused.batch).toBeGreaterThan(0);
          if (limits.stateBlocks) expect(front.refused.pruned).toBeGreaterThan(0);
          if (limits.maxResponseBytes) expect(front.refused.responseSize).toBeGreaterThan(0);
        } finally {
          await front.close();
        }
      },
      120_000,
    );
  }
});
