import {
  type MetadataFilled,
  type MetadataRetryPayload,
  type Network,
  type ScanCompleted,
  type ScanFailed,
  type ScanJobPayload,
  type ScanKind,
  type ScanProgress,
} from '@nexus/contract';
import type { CollectionInfo } from '../../chain/index.js';
import {
  CollectionEntity,
  type CollectionsRepository,
  type NftRecord,
  type ScanResultWrite,
  type StoredCollection,
} from '../../collections/index.js';
import type { EnqueueResult, ScanQueueRepository } from '../../platform/queues/index.js';
import type { ScanProgressRepository } from '../../platform/realtime/index.js';
import type { CachedScan, ScanCacheRepository } from '../../scans/index.js';
import type { TransferHistoryWatch } from '../../transfer-index/index.js';
import type { ScanRunRepository } from '../scan-run.repository.js';

/**
 * Fakes at the repository boundary (STYLE habit 9): the orchestration of scans runs against them
 * in unit tests, with no PostgreSQL, Redis or chain.
 */

/** The stages of a scan in the order SPEC §4 gives them, as progress reports them. */
export const STAGES_IN_ORDER = ['initializing', 'preparing', 'calculating', 'finalizing', 'complete'];

export { scanPayload } from '../../../../test/support/scan-payload.js';

/** Progress events, completions and failures, as the sockets and waiting requests would get them. */
export class FakeProgress implements Pick<
  ScanProgressRepository,
  'get' | 'publish' | 'complete' | 'fail' | 'metadataFilled'
> {
  readonly outcomeChannel = 'test:scan-outcomes';
  readonly events: ScanProgress[] = [];
  readonly filled: MetadataFilled[] = [];
  readonly completed: ScanCompleted[] = [];
  readonly failed: ScanFailed[] = [];

  async get(key: string): Promise<ScanProgress | null> {
    return this.events.filter((e) => e.key === key).at(-1) ?? null;
  }

  async publish(progress: ScanProgress): Promise<void> {
    this.events.push(progress);
  }

  async complete(event: ScanCompleted): Promise<void> {
    this.completed.push(event);
  }

  async fail(event: ScanFailed): Promise<void> {
    this.failed.push(event);
  }

  metadataFilled(event: MetadataFilled): void {
    this.filled.push(event);
  }

  /** The stages of a key's events, each change once. */
  stages(key: string): string[] {
    const stages: string[] = [];
    for (const event of this.events.filter((e) => e.key === key)) {
      if (event.stage !== stages.at(-1)) stages.push(event.stage);
    }
    return stages;
  }
}

type RunOutcome = Parameters<ScanRunRepository['finish']>[1];

/** The run log: one entry per attempt, finished or not. */
export class FakeRunLog implements Pick<ScanRunRepository, 'start' | 'finish' | 'abandonRunning'> {
  readonly runs: Array<{
    id: string;
    key: string;
    attempt: number;
    outcome: RunOutcome | null;
    abandoned?: true;
  }> = [];
  /** Failures the next finish() calls throw, in order (a database that is away). */
  readonly finishFailures: Error[] = [];

  async start(payload: ScanJobPayload, attempt: number): Promise<string> {
    const id = String(this.runs.length + 1);
    this.runs.push({ id, key: payload.key, attempt, outcome: null });
    return id;
  }

  async finish(id: string, outcome: RunOutcome): Promise<void> {
    const failure = this.finishFailures.shift();
    if (failure) throw failure;
    this.runs.find((r) => r.id === id)!.outcome = outcome;
  }

  async abandonRunning(key: string): Promise<string[]> {
    const open = this.runs.filter((r) => r.key === key && r.outcome === null && !r.abandoned);
    for (const run of open) run.abandoned = true;
    return open.map(() => 'worker-gone');
  }
}

/** The scan answers cache, in memory. */
export class FakeScanCache implements Pick<
  ScanCacheRepository,
  'get' | 'set' | 'fill' | 'forget' | 'delete' | 'rewrite'
> {
  readonly entries = new Map<string, { kind: ScanKind; value: CachedScan }>();
  readonly forgotten: string[] = [];

  async get(key: string): Promise<CachedScan | null> {
    return this.entries.get(key)?.value ?? null;
  }

  async set(key: string, kind: ScanKind, value: CachedScan): Promise<void> {
    this.entries.set(key, { kind, value });
  }

  async fill(key: string, kind: ScanKind, value: CachedScan): Promise<void> {
    await this.set(key, kind, value);
  }

  async rewrite(
    key: string,
    kind: ScanKind,
    rebuild: (meta: CachedScan['meta']) => Promise<string | null>,
  ): Promise<boolean> {
    const entry = this.entries.get(key);
    if (!entry) return false;
    const nftsJson = await rebuild(entry.value.meta);
    // Only the answer read is replaced: one deleted or rewritten meanwhile stays as it is.
    if (nftsJson === null || this.entries.get(key) !== entry) return false;
    this.entries.set(key, { kind, value: { meta: entry.value.meta, nftsJson } });
    return true;
  }

  forget(key: string): void {
    this.forgotten.push(key);
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  /** The NFTs of a cached answer, parsed. */
  nfts<T = { tokenId: string }>(key: string): T[] {
    const entry = this.entries.get(key);
    if (!entry) throw new Error(`nothing cached under ${key}`);
    return JSON.parse(entry.value.nftsJson.toString()) as T[];
  }
}

/** The queues: jobs asked for, in order; `failWith` makes the next adds fail (Redis down). */
export class FakeQueue implements Pick<
  ScanQueueRepository,
  'enqueue' | 'isRunning' | 'enqueueMetadataRetry'
> {
  readonly enqueued: ScanJobPayload[] = [];
  /** Metadata retries asked for, with their delay. */
  readonly retries: Array<{ payload: MetadataRetryPayload; delayMs: number }> = [];
  failWith: Error | null = null;
  /** Called after each add, as a worker picking the job up would be. */
  onEnqueue: (payload: ScanJobPayload) => void = () => undefined;

  async enqueue(payload: ScanJobPayload): Promise<EnqueueResult> {
    if (this.failWith) throw this.failWith;
    this.enqueued.push(payload);
    this.onEnqueue(payload);
    return { jobId: payload.key, joined: false };
  }

  async enqueueMetadataRetry(payload: MetadataRetryPayload, delayMs: number): Promise<EnqueueResult> {
    if (this.failWith) throw this.failWith;
    this.retries.push({ payload, delayMs });
    return { jobId: `metadata-retry:${payload.network}:${payload.address}`, joined: false };
  }

  async isRunning(key: string): Promise<boolean> {
    return this.enqueued.some((p) => p.key === key);
  }
}

/** The history watch: collections whose transfers a scan asked for; `failWith` makes it fail (Redis down). */
export class FakeHistoryWatch implements Pick<TransferHistoryWatch, 'look'> {
  readonly looked: string[] = [];
  failWith: Error | null = null;

  async look(network: Network, contract: string): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.looked.push(`${network}:${contract}`);
  }
}

/** Collections and their NFTs in memory; `ranks` are the scores a rarity job stored, by token id. */
export class FakeCollections implements Pick<
  CollectionsRepository,
  | 'find'
  | 'load'
  | 'saveScan'
  | 'saveHoldings'
  | 'saveMetadata'
  | 'beginScan'
  | 'storeChunk'
  | 'finishScan'
  | 'endGivenUpScan'
> {
  /** Chunked scans under way, by collection id: what they stored so far. */
  private readonly scans = new Map<string, { info: CollectionInfo; nfts: NftRecord[] }>();
  /** The size of every chunk stored, in order. */
  readonly chunkSizes: number[] = [];
  readonly stored = new Map<string, StoredCollection>();
  readonly ranks = new Map<string, { rarityScore: number; rarityRank: number }>();
  readonly holdingsSaved: Array<Array<{ info: CollectionInfo; nfts: NftRecord[] }>> = [];

  private key(network: Network, address: string): string {
    return `${network}:${address.toLowerCase()}`;
  }

  async find(network: Network, address: string): Promise<CollectionEntity | null> {
    return this.stored.get(this.key(network, address))?.collection ?? null;
  }

  async load(network: Network, address: string): Promise<StoredCollection | null> {
    return this.stored.get(this.key(network, address)) ?? null;
  }

  async saveScan(result: ScanResultWrite): Promise<CollectionEntity> {
    const collection = Object.assign(new CollectionEntity(), {
      id: String(this.stored.size + 1),
      network: result.info.network,
      address: result.info.address.toLowerCase(),
      name: result.info.name,
      standard: result.info.standard,
      totalSupply: result.info.totalSupply,
      nftCount: result.nfts.length,
      lastScannedAt: new Date(),
      scanDuration: result.scanDuration,
      isComplete: result.isComplete,
    });
    this.stored.set(this.key(result.info.network, result.info.address), { collection, nfts: result.nfts });
    return collection;
  }

  async saveMetadata(network: Network, address: string, nfts: NftRecord[]): Promise<boolean> {
    const stored = this.stored.get(this.key(network, address));
    if (!stored) return false;
    const updates = new Map(nfts.map((n) => [n.tokenId, n]));
    stored.nfts = stored.nfts.map((n) => {
      const update = updates.get(n.tokenId);
      return update ? { ...update, rarityScore: n.rarityScore, rarityRank: n.rarityRank } : n;
    });
    return true;
  }

  async beginScan(info: CollectionInfo): Promise<string> {
    const id = `scan-${this.scans.size + 1}`;
    this.scans.set(id, { info, nfts: [] });
    return id;
  }

  async storeChunk(collectionId: string, nfts: NftRecord[]): Promise<void> {
    this.chunkSizes.push(nfts.length);
    this.scans.get(collectionId)!.nfts.push(...nfts);
  }

  async finishScan(
    collectionId: string,
    result: { scanDuration: number; isComplete: boolean },
  ): Promise<CollectionEntity> {
    const { info, nfts } = this.scans.get(collectionId)!;
    this.scans.delete(collectionId);
    return this.saveScan({ info, nfts, ...result });
  }

  async endGivenUpScan(network: Network, address: string, reason: string): Promise<boolean> {
    const key = this.key(network, address);
    const scan = [...this.scans].find(([, s]) => this.key(s.info.network, s.info.address) === key);
    if (!scan || this.stored.has(key) || scan[1].nfts.length === 0) return false;
    this.scans.delete(scan[0]);
    const collection = await this.saveScan({
      info: scan[1].info,
      nfts: scan[1].nfts,
      scanDuration: 0,
      isComplete: false,
    });
    collection.incompleteReason = reason;
    return true;
  }

  async saveHoldings(holdings: Array<{ info: CollectionInfo; nfts: NftRecord[] }>): Promise<void> {
    this.holdingsSaved.push(holdings);
    for (const { nfts } of holdings) {
      for (const nft of nfts) {
        nft.rarityScore = this.ranks.get(nft.tokenId)?.rarityScore ?? null;
        nft.rarityRank = this.ranks.get(nft.tokenId)?.rarityRank ?? null;
      }
    }
  }
}
