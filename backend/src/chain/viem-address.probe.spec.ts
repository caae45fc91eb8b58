import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address } from 'viem';
import { ENABLED_NETWORKS, type Network } from '@nexus/contract';
import { startDevchain, type Devchain } from '../../../deploy/devchain/src/index.js';
import type { DevchainEns } from '../../../deploy/devchain/src/manifest.js';
import type { ChainConfig } from '../platform/config/index.js';
import { EnsGatewayError } from './address-probe.js';
import { ViemAddressProbe } from './viem-address.probe.js';

// Below Linux's ephemeral range (32768-60999), where another process's outgoing connection may hold a port.
const PORTS = { ethereum: 26545, polygon: 26546, cronos: 26547, gateway: 26580 };

describe(ViemAddressProbe.name, () => {
  let dir: string;
  let devchain: Devchain;
  let ens: DevchainEns;
  let chains: Record<Network, ChainConfig>;
  let sut: ViemAddressProbe;

  const collection = (key: string): { network: Network; address: string } => {
    const found = devchain.manifest.collections.find((candidate) => candidate.key === key);
    if (!found) throw new Error(`no collection ${key}`);
    return found;
  };
  const wallet = (label: string): string =>
    devchain.manifest.wallets.find(
      (candidate) => candidate.network === 'ethereum' && candidate.label === label,
    )!.address;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nexus-address-probe-'));
    devchain = await startDevchain({ dir, ports: PORTS });
    if (!devchain.manifest.ens) throw new Error('the dev-chain manifest has no ens');
    ens = devchain.manifest.ens;
    chains = Object.fromEntries(
      ENABLED_NETWORKS.map((network) => {
        const { chainId, rpcUrl } = devchain.manifest.networks[network];
        return [
          network,
          { chainId, rpcUrl, rpcUrls: [rpcUrl], devchain: true, maxLogRange: null, requestsPerSecond: null },
        ];
      }),
    ) as Record<Network, ChainConfig>;
    sut = new ViemAddressProbe({ chains }, ens.universalResolver as Address);
  }, 180_000);

  afterAll(async () => {
    await devchain?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('resolves demo.eth to the richest demo wallet on ethereum', async () => {
    const richest = devchain.manifest.wallets
      .filter((candidate) => candidate.network === 'ethereum')
      .sort((a, b) => b.holdings.length - a.holdings.length)[0]!;
    expect(await sut.resolveEns('demo.eth')).toBe(richest.address);
    expect(ens.names.find((entry) => entry.name === 'demo.eth')?.address).toBe(richest.address);
  });

  it('resolves every demo name of the manifest, normalising the input', async () => {
    for (const { name, address } of ens.names) expect(await sut.resolveEns(name)).toBe(address);
    expect(await sut.resolveEns('Collector.ETH')).toBe(wallet('Demo collector'));
    expect(await sut.resolveEns('newcomer.eth')).toBe(wallet('Demo newcomer'));
  });

  it('answers null for unknown, foreign-TLD and invalid names', async () => {
    expect(await sut.resolveEns('nobody.eth')).toBeNull();
    expect(await sut.resolveEns('demo.com')).toBeNull();
    expect(await sut.resolveEns('vault.trader.eth')).toBeNull();
    expect(await sut.resolveEns('bad\u0000name.eth')).toBeNull();
  });

  it('answers null, not an error, without a universal resolver on the chain', async () => {
    // The default is mainnet's universal resolver address, which holds no code on the dev chain.
    expect(await new ViemAddressProbe({ chains }).resolveEns('demo.eth')).toBeNull();
  });

  it('resolves offchain names through the allowed gateway only, and wildcard subnames', async () => {
    const probe = new ViemAddressProbe({ chains }, ens.universalResolver as Address, {
      allowedHosts: [new URL(ens.gateway).host],
    });
    try {
      for (const { name, address } of [...ens.offchainNames, ...ens.wildcardNames])
        expect(await probe.resolveEns(name)).toBe(address);
      expect(await probe.resolveEns('nobody.offchain.eth')).toBeNull();
    } finally {
      probe.destroy();
    }
    // Without the dev gateway allowed, its private address is refused: not "no such name".
    await expect(sut.resolveEns(ens.offchainNames[0]!.name)).rejects.toThrow(EnsGatewayError);
    expect(await sut.resolveEns(ens.wildcardNames[0]!.name)).toBe(ens.wildcardNames[0]!.address);
  });

  it('answers no primary name without a universal resolver, and throws when the node is down', async () => {
    const named = ens.primaryNames.find((record) => record.verified)!.address;
    expect(await new ViemAddressProbe({ chains }).primaryName(named)).toBeNull();
    // Nothing listens on port 9: not "no name", no answer.
    const down = {
      ...chains,
      ethereum: { ...chains.ethereum, rpcUrl: 'http://127.0.0.1:9/', rpcUrls: ['http://127.0.0.1:9/'] },
    };
    const unreachable = new ViemAddressProbe({ chains: down }, ens.universalResolver as Address);
    await expect(unreachable.primaryName(named)).rejects.toThrow(/HTTP request failed/);
  });

  it('answers primary names checked forward, avatar records and held NFTs', async () => {
    for (const { address, name, verified } of ens.primaryNames)
      expect(await sut.primaryName(address)).toBe(verified ? name : null);
    expect(await sut.primaryName(`0x${'12'.repeat(20)}`)).toBeNull();
    for (const { name, record } of ens.avatars) expect(await sut.ensText(name, 'avatar')).toBe(record);
    expect(await sut.ensText('newcomer.eth', 'avatar')).toBeNull();

    const [, contract, tokenId] = /erc721:(0x[0-9a-f]{40})\/(\d+)$/.exec(ens.avatars[0]!.record)!;
    const nft = { standard: 'erc721' as const, contract: contract!, tokenId: tokenId! };
    const owner = ens.primaryNames[0]!.address;
    expect(await sut.ownedTokenUri('ethereum', nft, owner)).toMatch(/^ipfs:\/\/\w+\/\d+$/);
    expect(await sut.ownedTokenUri('ethereum', nft, `0x${'12'.repeat(20)}`)).toBeNull();
    expect(await sut.ownedTokenUri('polygon', nft, owner)).toBeNull();
    const holding = devchain.manifest.wallets
      .filter((candidate) => candidate.network === 'ethereum')
      .flatMap((candidate) => candidate.holdings.map((h) => ({ ...h, owner: candidate.address })))
      .find((h) => h.collection === 'editions')!;
    const edition = { standard: 'erc1155' as const, contract: holding.contract, tokenId: holding.tokenId };
    expect(await sut.ownedTokenUri('ethereum', edition, holding.owner)).toMatch(
      new RegExp(`${BigInt(holding.tokenId).toString(16).padStart(64, '0')}`),
    );
  });

  it('tells contracts from wallets', async () => {
    expect(await sut.hasCode('ethereum', collection('apes').address)).toBe(true);
    expect(await sut.hasCode('ethereum', ens.universalResolver)).toBe(true);
    expect(await sut.hasCode('ethereum', wallet('Demo trader'))).toBe(false);
    expect(await sut.hasCode('cronos', collection('critters').address)).toBe(true);
    expect(await sut.hasCode('polygon', collection('apes').address)).toBe(false);
  });
});
