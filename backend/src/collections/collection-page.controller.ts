import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { CollectionPageResponse, CollectionRanksResponse } from '@nexus/contract';
import {
  CollectionPagePathDto,
  CollectionPageQueryDto,
  CollectionRanksQueryDto,
} from './collection-page.dto.js';
import { CollectionPageService } from './collection-page.service.js';

@ApiTags('collections')
@Controller('collections')
export class CollectionPageController {
  constructor(private readonly pages: CollectionPageService) {}

  /** One page of a scanned collection: filtered, searched and sorted by the server (docs/API.md). */
  @Get(':network/:address/nfts')
  @ApiOkResponse({
    description:
      '{network, address, name, nfts, page, pageSize, pageCount, total, collectionTotal, rankedTotal, sort, ' +
      'order, traitTypes, scanning?, incompleteReason?, owner?}: the page (pulled back into range), the NFTs ' +
      'matching the filter, and faceted trait counts; while the first scan runs, of the NFTs stored so far, with ' +
      'scanning: {stored, expected}; incompleteReason when the last scan is partial; with `owner`, owner: ' +
      '{address, indexed} (indexed false and no NFT where the network’s transfer index is off)',
  })
  @ApiBadRequestResponse({
    description:
      'A bad network, address, page, pageSize, sort, order, search or trait, or an owner that is neither a 0x address nor an ENS name with an address',
  })
  @ApiNotFoundResponse({
    description: 'Collection Not Found: no scan of it is stored, nor any NFT of one running',
  })
  page(
    @Param() params: CollectionPagePathDto,
    @Query() query: CollectionPageQueryDto,
  ): Promise<CollectionPageResponse> {
    return this.pages.page(params.network, params.address, query);
  }

  /** The collection's stored ranks of some of its NFTs (a wallet's): 200 even when Nexus has none. */
  @Get(':network/:address/ranks')
  @ApiOkResponse({
    description:
      '{network, address, ranked, rankedTotal, ranks: [{tokenId, rarityRank, rarityScore}]}: `ranked` false ' +
      'when Nexus has not scanned and ranked the whole collection',
  })
  @ApiBadRequestResponse({ description: 'A bad network, address or token id, or too many token ids' })
  ranks(
    @Param() params: CollectionPagePathDto,
    @Query() query: CollectionRanksQueryDto,
  ): Promise<CollectionRanksResponse> {
    return this.pages.ranks(params.network, params.address, query.tokenIds);
  }
}
