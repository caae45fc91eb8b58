import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  NETWORK_LABELS,
  isEvmAddress,
  type AnyNetwork,
  type WhitelistedCollectionInput,
} from '@nexus/contract';
import { readFile } from 'node:fs/promises';
import { AppConfig } from '../platform/config/index.js';
import { WHITELIST_NETWORKS } from './whitelisted-collection.dto.js';
import { WhitelistRepository } from './whitelist.repository.js';
import { WhitelistService } from './whitelist.service.js';

/** What the seeder reads of a dev-chain manifest collection. */
interface ManifestCollection {
  network?: unknown;
  address?: unknown;
  name?: unknown;
  symbol?: unknown;
  standard?: unknown;
  totalSupply?: unknown;
  description?: unknown;
  edgeCases?: { spam?: unknown };
}

/**
 * The whitelist rows for the demo collections of a dev-chain manifest: spam airdrops are left out,
 * the first collection listed is the featured one.
 */
export function whitelistFromManifest(manifest: unknown): WhitelistedCollectionInput[] {
  const collections = (manifest as { collections?: unknown } | null)?.collections;
  if (!Array.isArray(collections)) return [];
  const rows: WhitelistedCollectionInput[] = [];
  for (const c of collections as ManifestCollection[]) {
    if (c.edgeCases?.spam === true) continue;
    const network = c.network as AnyNetwork;
    if (!WHITELIST_NETWORKS.includes(network) || !isEvmAddress(c.address)) continue;
    if (typeof c.name !== 'string' || c.name.trim() === '') continue;
    rows.push({
      contractAddress: c.address.toLowerCase(),
      name: c.name.trim().slice(0, 100),
      network,
      description: typeof c.description === 'string' && c.description ? c.description : describe(c, network),
      isFeatured: rows.length === 0,
    });
  }
  return rows;
}

function describe(c: ManifestCollection, network: AnyNetwork): string {
  const symbol = typeof c.symbol === 'string' && c.symbol ? ` (${c.symbol})` : '';
  const standard = typeof c.standard === 'string' ? c.standard : 'NFT';
  const supply = typeof c.totalSupply === 'number' ? `${c.totalSupply.toLocaleString('en-US')} ` : '';
  return `${c.name as string}${symbol}: ${supply}${standard} tokens on the local ${NETWORK_LABELS[network]} dev chain.`;
}

/** At API start, an empty whitelist gets the local demo collections (skipped without a manifest). */
@Injectable()
export class WhitelistSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(WhitelistSeeder.name);

  constructor(
    private readonly config: AppConfig,
    private readonly repository: WhitelistRepository,
    private readonly whitelist: WhitelistService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.seed();
    } catch (error) {
      // The API serves without demo rows rather than not at all.
      this.logger.warn(`Whitelist not seeded: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Answers how many collections were inserted. */
  async seed(): Promise<number> {
    const manifest = await this.readManifest();
    if (manifest === null) return 0;
    const inserted = await this.repository.seedIfEmpty(whitelistFromManifest(manifest));
    if (inserted > 0) {
      await this.whitelist.refresh();
      this.logger.log(`Whitelisted ${inserted} demo collections from ${this.config.devchainManifest}`);
    }
    return inserted;
  }

  private async readManifest(): Promise<unknown> {
    let text: string;
    try {
      text = await readFile(this.config.devchainManifest, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return JSON.parse(text) as unknown;
  }
}
