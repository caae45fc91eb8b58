import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { NftMetadataResponse, NftRefreshResponse } from '@nexus/contract';
import { RateLimit } from '../platform/security/index.js';
import { NftMetadataResponseDto, NftRefreshResponseDto, NftTokenParamsDto } from './nft-metadata.dto.js';
import { NftMetadataService } from './nft-metadata.service.js';

const BAD_TOKEN = 'A bad network, contract address or token id (a decimal number)';
const NOT_STORED = 'Nexus has not read this collection, or holds no such token of it';
const NODE_AWAY = "The network's node did not answer: 'Network temporarily unavailable'";

@ApiTags('collections')
@Controller()
export class NftMetadataController {
  constructor(private readonly service: NftMetadataService) {}

  /** The token URI, owner and metadata document of one token, as the chain and its host answer now. */
  @Get('collections/:network/:address/nfts/:tokenId/metadata')
  @ApiOperation({
    summary: "One token's URI, owner (ERC-721) and raw metadata document, read now (kept 60 s)",
  })
  @ApiOkResponse({ type: NftMetadataResponseDto })
  @ApiBadRequestResponse({ description: BAD_TOKEN })
  @ApiNotFoundResponse({ description: 'Nexus has not read this collection' })
  @ApiServiceUnavailableResponse({ description: NODE_AWAY })
  metadata(@Param() params: NftTokenParamsDto): Promise<NftMetadataResponse> {
    return this.service.metadata(params.network, params.address, params.tokenId);
  }

  /** Reads the token's URI and metadata again and stores them (a reveal, a host that is back). */
  @Post('collections/:network/:address/nfts/:tokenId/refresh-metadata')
  @HttpCode(200)
  @RateLimit('refresh', 'when this token was refreshed within the last 60 s, by anyone')
  @ApiOperation({
    summary: "Refreshes one stored NFT's token URI and metadata through the metadata reader, and its caches",
  })
  @ApiOkResponse({ type: NftRefreshResponseDto })
  @ApiBadRequestResponse({ description: BAD_TOKEN })
  @ApiNotFoundResponse({ description: NOT_STORED })
  @ApiServiceUnavailableResponse({ description: NODE_AWAY })
  refresh(@Param() params: NftTokenParamsDto): Promise<NftRefreshResponse> {
    return this.service.refresh(params.network, params.address, params.tokenId);
  }
}
