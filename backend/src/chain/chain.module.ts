import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import type { Address } from 'viem';
import { ADDRESS_PROBE, METADATA_RESOLVER, NFT_SOURCE } from './chain.tokens.js';
import { ViemAddressProbe } from './viem-address.probe.js';
import type { NftSource } from './nft-source.js';
import { RpcNftSource } from './rpc/rpc-nft.source.js';
import { AlchemyNftSource, alchemyServes } from './alchemy/index.js';
import { RoutedNftSource } from './routed-nft.source.js';
import { GatewayMetadataResolver } from './metadata/gateway-metadata.resolver.js';
import { HostBreaker } from '../outbound/index.js';
import { ApiKeyRefusalsRepository } from '../security/api-key-refusals.repository.js';

/** Chain adapters: the NFT source per network and the metadata resolver. */
@Module({
  providers: [
    ApiKeyRefusalsRepository,
    {
      provide: NFT_SOURCE,
      inject: [APP_CONFIG, ApiKeyRefusalsRepository],
      useFactory: (config: AppConfig, refusals: ApiKeyRefusalsRepository): NftSource => {
        const rpc = new RpcNftSource(config.chains);
        const apiKey = config.alchemyApiKey;
        if (!apiKey) return rpc;
        const alchemy = new AlchemyNftSource({
          apiKey,
          ...(config.alchemyBaseUrl ? { baseUrl: config.alchemyBaseUrl } : {}),
          onKeyRefused: (status) => refusals.record('ALCHEMY_API_KEY', apiKey, status),
        });
        // Alchemy serves ethereum and polygon; cronos always reads its node.
        return new RoutedNftSource((network) => (alchemyServes(network) ? alchemy : rpc));
      },
    },
    {
      provide: METADATA_RESOLVER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new GatewayMetadataResolver({
          ipfsGateways: config.ipfsGateways,
          allowedHosts: config.allowedMetadataHosts,
          // Bulk scans: a dead URI should cost one retry, not a long wait.
          timeoutMs: 8000,
          retries: 1,
          hostBreaker: new HostBreaker({
            failures: config.metadataHostFailures,
            halfOpenAfterMs: config.metadataHostRetryMs,
          }),
        }),
    },
    {
      provide: ADDRESS_PROBE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new ViemAddressProbe(config, (config.ensUniversalResolver as Address | null) ?? null),
    },
  ],
  exports: [NFT_SOURCE, METADATA_RESOLVER, ADDRESS_PROBE],
})
export class ChainModule implements OnApplicationShutdown {
  constructor(@Inject(METADATA_RESOLVER) private readonly resolver: GatewayMetadataResolver) {}

  /** Closes idle keep-alive sockets to metadata hosts. */
  onApplicationShutdown(): void {
    this.resolver.destroy();
  }
}
