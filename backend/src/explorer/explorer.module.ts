import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/index.js';
import { CollectionsModule } from '../collections/index.js';
import { ScanStateModule } from '../scans/index.js';
import { NetworksController } from './networks.controller.js';
import { NftMetadataController } from './nft-metadata.controller.js';
import { NftMetadataRepository } from './nft-metadata.repository.js';
import { NftMetadataService } from './nft-metadata.service.js';

/**
 * What every block explorer shows that a gallery does not: which networks are local dev chains,
 * a token's URI, owner and raw metadata, and the refresh of one NFT's metadata.
 */
@Module({
  imports: [ChainModule, CollectionsModule, ScanStateModule],
  controllers: [NetworksController, NftMetadataController],
  providers: [NftMetadataService, NftMetadataRepository],
})
export class ExplorerModule {}
