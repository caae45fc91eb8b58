import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CHAIN_IDS, ENABLED_NETWORKS, type NetworksResponse } from '@nexus/contract';
import { AppConfig } from '../platform/config/index.js';
import { NetworksResponseDto } from './nft-metadata.dto.js';

/** GET /api/networks: which networks run on a local dev chain (no public explorer knows their addresses). */
@ApiTags('collections')
@Controller()
export class NetworksController {
  constructor(private readonly config: AppConfig) {}

  @Get('networks')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({
    summary: 'The networks Nexus reads, and which of them run on a local dev chain (no public explorer)',
  })
  @ApiOkResponse({ type: NetworksResponseDto })
  networks(): NetworksResponse {
    return {
      networks: ENABLED_NETWORKS.map((network) => ({
        network,
        chainId: this.config.chains[network]?.chainId ?? CHAIN_IDS[network],
        devchain: this.config.chains[network]?.devchain ?? false,
      })),
    };
  }
}
