import { Inject, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ConfigError, AppConfig } from '../platform/config/index.js';
import type { Address } from 'viem';
import {
  ADDRESS_PROBE,
  METADATA_RESOLVER,
  NFT_SOURCE,
  RPC_SOURCE,
  TRANSFER_INDEX,
  type TransferIndexPort,
} from './chain.tokens.js';
import { ViemAddressProbe } from './viem-address.probe.js';
import type { NftSource } from './nft-source.js';
import { RpcNftSource } from './rpc/rpc-nft.source.js';
import { SharedRequestPacer } from './rpc/shared-request.pacer.js';
import { providerKey, RedisLogLimits } from './rpc/log-limits.store.js';
import { RedisProviderFacts } from './rpc/provider-facts.store.js';
import type { Redis } from 'ioredis';
import { REDIS, RedisConnections } from '../platform/redis/index.js';
import { AlchemyNftSource, alchemyServes } from './alchemy/index.js';
import { RoutedNftSource } from './routed-nft.source.js';
import { GatewayMetadataResolver } from './metadata/index.js';
import { HostBreaker } from '../platform/outbound/index.js';
import { ConnectionRefusalsRepository } from '../platform/connections/index.js';
import { ApiKeyRefusalsRepository } from '../platform/security/index.js';
import { checkChainIds } from './chain-id.check.js';
import { RpcProvidersReport } from './rpc-providers.report.js';

/** A network's nodes: `<NETWORK>_RPC_URL`'s list, or its one URL. */
const nodeUrls = (chain: AppConfig['chains'][keyof AppConfig['chains']]): string[] =>
  chain.rpcUrls?.length ? chain.rpcUrls : [chain.rpcUrl];

/** Chain adapters: the NFT source per network and the metadata resolver. */
@Module({
  providers: [
    ApiKeyRefusalsRepository,
    {
      provide: RPC_SOURCE,
      inject: [AppConfig, TRANSFER_INDEX, REDIS, RedisConnections],
      useFactory: (
        config: AppConfig,
        index: TransferIndexPort,
        redis: Redis,
        connections: RedisConnections,
      ): RpcNftSource =>
        new RpcNftSource(config.chains, {
          // A node's request budget is shared by every API and worker process that calls it.
          pacers: Object.fromEntries(
            Object.entries(config.chains).flatMap(([network, chain]) =>
              chain.requestsPerSecond && nodeUrls(chain).length === 1
                ? [
                    [
                      network,
                      new SharedRequestPacer(
                        redis,
                        connections.key('rpc-budget', network),
                        chain.requestsPerSecond,
                      ),
                    ],
                  ]
                : [],
            ),
          ),
          // A node's learnt eth_getLogs span, shared by every process reading it, kept for a day.
          // Of several nodes, the span the scans go at is the widest one of them takes (a narrower
          // node is passed over for wider ranges), kept under the list's own name.
          logLimits: Object.fromEntries(
            Object.entries(config.chains).map(([network, chain]) => [
              network,
              new RedisLogLimits(
                redis,
                connections.key('rpc-limits', network, providerKey(nodeUrls(chain).join(','))),
              ),
            ]),
          ),
          // Of several nodes, each its own budget and its own stated span.
          nodes: {
            pacer: (network, url) => {
              const perSecond = config.chains[network].requestsPerSecond;
              return perSecond
                ? new SharedRequestPacer(
                    redis,
                    connections.key('rpc-budget', network, providerKey(url)),
                    perSecond,
                  )
                : null;
            },
            limits: (network, url) =>
              new RedisLogLimits(redis, connections.key('rpc-limits', network, providerKey(url))),
            facts: (network, url) =>
              new RedisProviderFacts(redis, connections.key('rpc-facts', network, providerKey(url))),
          },
          // What else a node's refusals taught (calls per aggregate, no old state, a spent quota).
          providerFacts: Object.fromEntries(
            Object.entries(config.chains).map(([network, chain]) => [
              network,
              new RedisProviderFacts(redis, connections.key('rpc-facts', network, providerKey(chain.rpcUrl))),
            ]),
          ),
          // Wallet scans and enumerations without ERC721Enumerable read the index of the networks
          // being indexed, the node for the rest.
          index: {
            holdings: (network, wallet) =>
              config.transferIndex[network] ? index.holdings(network, wallet) : Promise.resolve(null),
            collectionTokens: (network, contract, standard) =>
              config.transferIndex[network]
                ? index.collectionTokens(network, contract, standard)
                : Promise.resolve(null),
          },
        }),
    },
    {
      provide: RpcProvidersReport,
      inject: [AppConfig, REDIS, RedisConnections, RPC_SOURCE],
      useFactory: (config: AppConfig, redis: Redis, connections: RedisConnections, rpc: RpcNftSource) =>
        new RpcProvidersReport(redis, connections, config, () => rpc.getProviders()),
    },
    {
      provide: NFT_SOURCE,
      inject: [AppConfig, ApiKeyRefusalsRepository, RPC_SOURCE],
      useFactory: (config: AppConfig, refusals: ApiKeyRefusalsRepository, rpc: RpcNftSource): NftSource => {
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
      inject: [AppConfig, { token: ConnectionRefusalsRepository, optional: true }],
      useFactory: (config: AppConfig, refusals?: ConnectionRefusalsRepository) =>
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
          // SSRF refusals are counted on the security dashboard with the connection refusals.
          onBlocked: () => refusals?.record('privateAddress'),
        }),
    },
    {
      provide: ADDRESS_PROBE,
      inject: [AppConfig, { token: ConnectionRefusalsRepository, optional: true }],
      useFactory: (config: AppConfig, refusals?: ConnectionRefusalsRepository) =>
        new ViemAddressProbe(config, (config.ensUniversalResolver as Address | null) ?? null, {
          allowedHosts: config.ensGatewayAllowedHosts,
          // A resolver naming a private gateway is refused like metadata, and counted with it.
          onBlocked: () => refusals?.record('privateAddress'),
        }),
    },
  ],
  exports: [NFT_SOURCE, RPC_SOURCE, METADATA_RESOLVER, ADDRESS_PROBE, RpcProvidersReport],
})
export class ChainModule implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Chains');

  constructor(
    @Inject(METADATA_RESOLVER) private readonly resolver: GatewayMetadataResolver,
    private readonly config: AppConfig,
    private readonly report: RpcProvidersReport,
    @Inject(ADDRESS_PROBE) private readonly probe: ViemAddressProbe,
  ) {}

  /**
   * API and workers alike: a node answering another chain's id stops the start, naming its URL; a
   * node that does not answer is only reported (the others serve meanwhile).
   */
  async onModuleInit(): Promise<void> {
    const { wrong, silent } = await checkChainIds(this.config.chains);
    if (wrong.length > 0) throw new ConfigError(wrong);
    for (const line of silent) this.logger.warn(`${line}: it is asked again by the calls that follow`);
    this.report.start();
  }

  /** Closes idle keep-alive sockets to metadata hosts; the nodes' last counters are reported. */
  async onApplicationShutdown(): Promise<void> {
    this.resolver.destroy();
    this.probe.destroy();
    await this.report.stop();
  }
}
