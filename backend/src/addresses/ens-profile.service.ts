import { Inject, Injectable, Logger } from '@nestjs/common';
import { ENABLED_NETWORKS, type WalletProfileResponse } from '@nexus/contract';
import {
  type AddressProbe,
  ADDRESS_PROBE,
  METADATA_RESOLVER,
  type MetadataResolver,
} from '../chain/index.js';
import { AppConfig } from '../platform/config/index.js';
import { AddressAnswersRepository } from './address-answers.repository.js';
import { parseAvatarRecord, proxiedImagePath } from './ens-avatar.js';

/** How long a wallet's ENS profile is kept: names and avatars change rarely. */
export const ENS_PROFILE_TTL_S = 15 * 60;

/** A wallet's primary ENS name and avatar (the wallet header). */
@Injectable()
export class EnsProfileService {
  private readonly logger = new Logger('EnsProfile');
  private readonly pending = new Map<string, Promise<WalletProfileResponse>>();

  constructor(
    @Inject(ADDRESS_PROBE) private readonly probe: AddressProbe,
    @Inject(METADATA_RESOLVER) private readonly metadata: MetadataResolver,
    @Inject(AppConfig) private readonly config: Pick<AppConfig, 'chains'>,
    private readonly answers: AddressAnswersRepository,
  ) {}

  /** The profile of a lower-case 0x address: cached, simultaneous requests sharing one look-up. */
  async profile(address: string): Promise<WalletProfileResponse> {
    const cached = await this.answers.get<WalletProfileResponse>('ens-profile', address);
    if (cached) return cached;
    const running = this.pending.get(address);
    if (running) return running;
    const asked = this.lookUp(address).finally(() => this.pending.delete(address));
    this.pending.set(address, asked);
    return asked;
  }

  private async lookUp(address: string): Promise<WalletProfileResponse> {
    const ensName = await this.probe.primaryName(address).catch(() => null);
    const record = ensName ? await this.probe.ensText(ensName, 'avatar') : null;
    const image = record ? await this.avatarImage(record, address) : null;
    const profile: WalletProfileResponse = {
      address,
      ensName,
      ensAvatar: image ? proxiedImagePath(image) : null,
    };
    await this.answers.set('ens-profile', address, profile, ENS_PROFILE_TTL_S);
    return profile;
  }

  /**
   * ENSIP-12: a URL is the image; an NFT reference is the image of that token's metadata, only
   * when the wallet holds the token on a network we read (fetched through the guarded metadata
   * path).
   */
  private async avatarImage(record: string, owner: string): Promise<string | null> {
    const parsed = parseAvatarRecord(record);
    if (!parsed) return null;
    if (parsed.kind === 'uri') return parsed.uri;
    const network = ENABLED_NETWORKS.find((n) => this.config.chains[n].chainId === parsed.chainId);
    if (!network) return null;
    const uri = await this.probe.ownedTokenUri(network, parsed.nft, owner);
    if (!uri) return null;
    const metadata = await this.metadata.resolve(uri).catch((error: unknown) => {
      this.logger.warn(`avatar metadata of ${owner}: ${(error as Error).message}`);
      return null;
    });
    return metadata?.image ?? null;
  }
}
