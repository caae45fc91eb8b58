/**
 * Scan benchmark on the local dev chains: a cold scan of the 10,000-token collection with metadata
 * (enumerate → metadata → rank → store), and a wallet scan of the richest demo wallet.
 *   npm run bench:scan
 * Starts its own dev chains (ports 19545-19547, gateway 19580) in a child process, as `npm start`
 * does, so the gateway serving the metadata does not share the scanner's event loop; uses the
 * database nexus_bench.
 */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { startDevWorld, type DevWorld } from './dev-world.js';
import { GatewayMetadataResolver } from '../src/chain/metadata/gateway-metadata.resolver.js';
import { RpcNftSource } from '../src/chain/rpc/rpc-nft.source.js';
import { CollectionsRepository, toApiNft } from '../src/collections/index.js';
import { ormConfig } from '../src/platform/database/mikro-orm.config.js';
import { migrate } from '../src/platform/database/migrate.js';
import { resolveTokens } from '../src/jobs/index.js';
import { RarityEngine } from '../src/rarity/index.js';
import { ENTITIES } from '../src/entities.js';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/nexus_bench';
const CONCURRENCY = Number(process.env.METADATA_CONCURRENCY ?? 64);

function ms(start: number): number {
  return Math.round(performance.now() - start);
}

/** The dev chains and their gateway in a process of their own (the devchain CLI), as `npm start` runs them. */
function startChains(): Promise<DevWorld> {
  return startDevWorld('bench', {
    DEVCHAIN_ETHEREUM_PORT: '19545',
    DEVCHAIN_POLYGON_PORT: '19546',
    DEVCHAIN_CRONOS_PORT: '19547',
    DEVCHAIN_GATEWAY_PORT: '19580',
    DEVCHAIN_PUBLIC_NODE_PORT: '19548',
    // Today's world unless asked for the next scale's (NEXUS_DEVWORLD_SCALE=full|small).
    NEXUS_DEVWORLD_SCALE: process.env.NEXUS_DEVWORLD_SCALE ?? 'off',
  });
}

async function main(): Promise<void> {
  const chainStart = performance.now();
  const devchain = await startChains();
  console.log(`dev chains ready in ${ms(chainStart)} ms (own process)`);
  await migrate(databaseUrl, ENTITIES);
  const orm = await MikroORM.init(ormConfig(databaseUrl, ENTITIES));
  await orm.em.getConnection().execute('truncate nft, collection restart identity cascade');

  const { manifest } = devchain;
  const networks = Object.fromEntries(
    Object.entries(manifest.networks).map(([name, n]) => [name, { chainId: n.chainId, rpcUrl: n.rpcUrl }]),
  );
  let metadataRequests = 0;
  const gatewayHost = new URL(manifest.ipfsGateway).host;
  const resolver = new GatewayMetadataResolver({
    ipfsGateways: [manifest.ipfsGateway],
    allowedHosts: [gatewayHost],
    timeoutMs: 8000,
    retries: 1,
  });
  const counting = {
    resolve: (uri: string) => {
      metadataRequests++;
      return resolver.resolve(uri);
    },
    toHttpUrl: (uri: string) => resolver.toHttpUrl(uri),
  };
  const source = new RpcNftSource(networks);
  const repository = new CollectionsRepository(orm.em);

  const target = [...manifest.collections].sort((a, b) => b.totalSupply - a.totalSupply)[0]!;
  console.log(
    `\ncold scan of ${target.name} (${target.network}, ${target.totalSupply} tokens), metadata concurrency ${CONCURRENCY}`,
  );
  const total = performance.now();
  let t = performance.now();
  const info = (await source.getCollection(target.network, target.address))!;
  const tokens = await source.enumerateCollection(info);
  const enumerateMs = ms(t);
  const rpc = source.getStats();
  t = performance.now();
  const nfts = await resolveTokens(tokens, counting, CONCURRENCY, () => undefined);
  const metadataMs = ms(t);
  t = performance.now();
  const ranked = new RarityEngine().rank(nfts.filter((n) => n.metadataStatus === 'ok'));
  for (const n of nfts) {
    const r = ranked.get(n.tokenId);
    n.rarityScore = r?.rarityScore ?? null;
    n.rarityRank = r?.rarityRank ?? null;
  }
  const rankMs = ms(t);
  t = performance.now();
  await repository.saveScan({ info, nfts, scanDuration: 0, isComplete: true });
  const storeMs = ms(t);
  t = performance.now();
  const json = JSON.stringify(nfts.map((n) => toApiNft(n, info)));
  const serializeMs = ms(t);
  const totalMs = ms(total);
  console.log(
    `  tokens: ${tokens.length}; metadata ok: ${nfts.filter((n) => n.metadataStatus === 'ok').length}`,
  );
  console.log(
    `  enumerate ${enumerateMs} ms (${rpc.rpcCalls} RPC calls in ${rpc.httpRequests} HTTP requests)`,
  );
  console.log(`  metadata  ${metadataMs} ms (${metadataRequests} metadata requests)`);
  console.log(`  rank      ${rankMs} ms`);
  console.log(`  store     ${storeMs} ms (PostgreSQL, one transaction)`);
  console.log(`  serialize ${serializeMs} ms (${(json.length / 1e6).toFixed(1)} MB answer)`);
  console.log(`  total     ${totalMs} ms`);

  source.resetStats();
  metadataRequests = 0;
  const wallets = manifest.wallets;
  const richest = [...wallets].sort((a, b) => b.holdings.length - a.holdings.length)[0]!;
  t = performance.now();
  const holdings = await source.getWalletHoldings(richest.network, richest.address, {
    includeAllTokenTypes: true,
  });
  const holdingsMs = ms(t);
  const walletRpc = source.getStats();
  t = performance.now();
  let count = 0;
  for (const h of holdings)
    count += (await resolveTokens(h.tokens, counting, CONCURRENCY, () => undefined)).length;
  console.log(
    `\nwallet scan of ${richest.label} on ${richest.network} (${count} NFTs in ${holdings.length} collections)`,
  );
  console.log(
    `  holdings  ${holdingsMs} ms (${walletRpc.rpcCalls} RPC calls in ${walletRpc.httpRequests} HTTP requests)`,
  );
  console.log(`  metadata  ${ms(t)} ms (${metadataRequests} metadata requests)`);

  resolver.destroy();
  await orm.close(true);
  await devchain.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
