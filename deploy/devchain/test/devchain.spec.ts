import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, http, parseAbi, type Address, type PublicClient } from 'viem';
import { devChain } from '../src/chain.seeder.js';
import { readManifest, startDevchain, type Devchain } from '../src/index.js';
import type { DevchainCollection, Network } from '../src/manifest.js';
import { datasetsDir } from '../src/paths.util.js';

const PORTS = { ethereum: 28545, polygon: 28546, cronos: 28547, gateway: 28580 };
const hasDatasets = existsSync(join(datasetsDir(), 'bayc-metadata.json'));

const erc721 = parseAbi([
  'function totalSupply() view returns (uint256)',
  'function tokenURI(uint256) view returns (string)',
  'function ownerOf(uint256) view returns (address)',
  'function name() view returns (string)',
  'function supportsInterface(bytes4) view returns (bool)',
]);
const erc1155 = parseAbi([
  'function uri(uint256) view returns (string)',
  'function balanceOf(address, uint256) view returns (uint256)',
]);

const NETWORKS = ['ethereum', 'polygon', 'cronos'] as const;

describe('startDevchain', () => {
  let dir: string;
  let sut: Devchain;
  let clients: Record<Network, PublicClient>;

  const collection = (key: string): DevchainCollection => {
    const found = sut.manifest.collections.find((candidate) => candidate.key === key);
    if (!found) throw new Error(`no collection ${key}`);
    return found;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nexus-devchain-'));
    const started = Date.now();
    sut = await startDevchain({ dir, ports: PORTS });
    console.log(`cold start (compile + deploy + mint) ${((Date.now() - started) / 1000).toFixed(1)} s`);
    clients = Object.fromEntries(
      NETWORKS.map((network) => {
        const { chainId, rpcUrl } = sut.manifest.networks[network];
        return [
          network,
          createPublicClient({ chain: devChain(network, chainId, rpcUrl), transport: http(rpcUrl) }),
        ];
      }),
    ) as Record<Network, PublicClient>;
  }, 180_000);

  afterAll(async () => {
    await sut?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes the manifest with lower-case addresses that differ across networks', async () => {
    const manifest = await readManifest(join(dir, 'devchain.json'));
    expect(manifest).toEqual(sut.manifest);
    expect(manifest.networks.ethereum).toMatchObject({
      chainId: 1,
      rpcUrl: 'http://127.0.0.1:28545',
      origin: 'started',
    });
    expect(manifest.networks.polygon.chainId).toBe(137);
    expect(manifest.networks.cronos.chainId).toBe(25);
    expect(manifest.ipfsGateway).toBe('http://127.0.0.1:28580/ipfs/');
    const addresses = manifest.collections.map((entry) => entry.address);
    for (const address of addresses) expect(address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(new Set(addresses).size).toBe(addresses.length);
    for (const wallet of manifest.wallets) expect(wallet.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(await clients.ethereum.getChainId()).toBe(1);
    expect(await clients.polygon.getChainId()).toBe(137);
    expect(await clients.cronos.getChainId()).toBe(25);
  });

  it('mints the full collections', async () => {
    const apes = collection('apes');
    const mfers = collection('mfers');
    expect(apes).toMatchObject({
      name: 'Nexus Apes',
      standard: 'ERC-721',
      enumerable: true,
      totalSupply: 10_000,
    });
    expect(mfers).toMatchObject({ name: 'Nexus Mfers', enumerable: true, totalSupply: 10_021 });
    const supply = (network: Network, address: string): Promise<bigint> =>
      clients[network].readContract({
        address: address as Address,
        abi: erc721,
        functionName: 'totalSupply',
      });
    expect(await supply('ethereum', apes.address)).toBe(10_000n);
    expect(await supply('polygon', mfers.address)).toBe(10_021n);
    const critters = collection('critters');
    expect(critters).toMatchObject({ network: 'cronos', enumerable: false, totalSupply: 1_199 });
    const enumerable = await clients.cronos.readContract({
      address: critters.address as Address,
      abi: erc721,
      functionName: 'supportsInterface',
      args: ['0x780e9d63'],
    });
    expect(enumerable).toBe(false);
  });

  it('answers tokenURI as ipfs://<cid>/<id> and uri with {id}', async () => {
    const apes = collection('apes');
    const uri = await clients.ethereum.readContract({
      address: apes.address as Address,
      abi: erc721,
      functionName: 'tokenURI',
      args: [7495n],
    });
    expect(uri).toBe(`ipfs://${apes.metadataCid}/7495`);
    expect(apes.metadataCid).toMatch(/^bafybei[a-z2-7]{52}$/);
    const editions = collection('editions');
    const template = await clients.ethereum.readContract({
      address: editions.address as Address,
      abi: erc1155,
      functionName: 'uri',
      args: [1n],
    });
    expect(template).toBe(`ipfs://${editions.metadataCid}/{id}.json`);
  });

  it('serves metadata and images from the gateway', async () => {
    const apes = collection('apes');
    const metadata = await fetch(`${sut.manifest.ipfsGateway}${apes.metadataCid}/7495`);
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('content-type')).toContain('application/json');
    const body = (await metadata.json()) as { name: string; image: string; attributes: unknown[] };
    expect(body.name).toBe('Nexus Apes #7495');
    expect(body.image).toBe(`ipfs://${apes.imageCid}/7495.svg`);
    expect(body.attributes.length).toBeGreaterThan(0);

    const image = await fetch(`${sut.manifest.ipfsGateway}${apes.imageCid}/7495.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await image.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/<script|href=/i);

    const editions = collection('editions');
    const edition = await fetch(
      `${sut.manifest.ipfsGateway}${editions.metadataCid}/${(3).toString(16).padStart(64, '0')}.json`,
    );
    expect(edition.status).toBe(200);
    expect(((await edition.json()) as { name: string }).name).toBe('Nexus Editions: Harbour Lights');

    const missing = await fetch(`${sut.manifest.ipfsGateway}${apes.metadataCid}/10000`);
    expect(missing.status).toBe(404);
  });

  it('seeds the edge cases recorded in the manifest', async () => {
    const oddities = collection('oddities');
    const address = oddities.address as Address;
    const edge = oddities.edgeCases!;
    const tokenUri = (id: string): Promise<string> =>
      clients.ethereum.readContract({ address, abi: erc721, functionName: 'tokenURI', args: [BigInt(id)] });

    await expect(tokenUri(edge.tokenUriReverts![0]!)).rejects.toThrow();

    const broken = edge.brokenCid![0]!;
    expect(await tokenUri(broken.tokenId)).toBe(broken.uri);
    const brokenCid = broken.uri.slice('ipfs://'.length).split('/')[0];
    const brokenAnswer = await fetch(`${sut.manifest.ipfsGateway}${brokenCid}/${broken.tokenId}`, {
      signal: AbortSignal.timeout(2_000),
    });
    expect(brokenAnswer.status).toBe(404);

    const dataUri = await tokenUri(edge.dataUri![0]!);
    expect(dataUri.startsWith('data:application/json;base64,')).toBe(true);
    const inline = JSON.parse(Buffer.from(dataUri.split(',')[1]!, 'base64').toString('utf8')) as {
      image: string;
    };
    expect(inline.image.startsWith('data:image/svg+xml;base64,')).toBe(true);

    const burned = edge.burned![0]!;
    await expect(
      clients.ethereum.readContract({
        address,
        abi: erc721,
        functionName: 'ownerOf',
        args: [BigInt(burned.tokenId)],
      }),
    ).rejects.toThrow();
    expect(oddities.totalSupply).toBe(23);

    const moved = edge.transferred![0]!;
    const owner = await clients.ethereum.readContract({
      address,
      abi: erc721,
      functionName: 'ownerOf',
      args: [BigInt(moved.tokenId)],
    });
    expect(owner.toLowerCase()).toBe(moved.to);

    const spam = sut.manifest.collections.find((entry) => entry.edgeCases?.spam);
    expect(spam?.name).toBe('Claim Free Reward Voucher');
    const newcomer = sut.manifest.wallets.find(
      (wallet) => wallet.network === 'ethereum' && wallet.label === 'Demo newcomer',
    );
    expect(newcomer?.holdings.map((holding) => holding.contract)).toContain(spam?.address);
  });

  it('holds for every demo wallet what the manifest says', async () => {
    const networksWithHoldings = new Set<Network>();
    for (const wallet of sut.manifest.wallets) {
      if (wallet.holdings.length > 0) networksWithHoldings.add(wallet.network);
      for (const holding of wallet.holdings) {
        const entry = sut.manifest.collections.find((candidate) => candidate.address === holding.contract)!;
        if (entry.standard === 'ERC-721') {
          const owner = await clients[wallet.network].readContract({
            address: holding.contract as Address,
            abi: erc721,
            functionName: 'ownerOf',
            args: [BigInt(holding.tokenId)],
          });
          expect(owner.toLowerCase()).toBe(wallet.address);
        } else {
          const balance = await clients[wallet.network].readContract({
            address: holding.contract as Address,
            abi: erc1155,
            functionName: 'balanceOf',
            args: [wallet.address as Address, BigInt(holding.tokenId)],
          });
          expect(Number(balance)).toBe(holding.balance);
        }
      }
    }
    expect(networksWithHoldings.size).toBe(3);
  });

  it('installs a Multicall3-compatible aggregator for viem multicall', async () => {
    const apes = collection('apes');
    const results = await clients.ethereum.multicall({
      contracts: [
        { address: apes.address as Address, abi: erc721, functionName: 'name' },
        { address: apes.address as Address, abi: erc721, functionName: 'tokenURI', args: [1n] },
        { address: apes.address as Address, abi: erc721, functionName: 'ownerOf', args: [99_999n] },
      ],
    });
    expect(results[0]).toEqual({ status: 'success', result: 'Nexus Apes' });
    expect(results[1]).toEqual({ status: 'success', result: `ipfs://${apes.metadataCid}/1` });
    expect(results[2]!.status).toBe('failure');
  });

  (hasDatasets ? it : it.skip)(
    'carries the dataset traits on the ethereum and polygon collections',
    async () => {
      const apes = collection('apes');
      expect(apes.traitSource).toBe('dataset');
      expect(collection('mfers').traitSource).toBe('dataset');
      const dataset = JSON.parse(await readFile(join(datasetsDir(), 'bayc-metadata.json'), 'utf8')) as Array<{
        tokenId: string;
        attributes: unknown[];
      }>;
      for (const tokenId of [0, 5757, 9999]) {
        const answer = (await (
          await fetch(`${sut.manifest.ipfsGateway}${apes.metadataCid}/${tokenId}`)
        ).json()) as {
          attributes: unknown[];
        };
        expect(answer.attributes).toEqual(
          dataset.find((entry) => entry.tokenId === String(tokenId))!.attributes,
        );
      }
    },
  );
  if (!hasDatasets) console.warn(`datasets folder ${datasetsDir()} absent: dataset trait assertions skipped`);

  it('reuses running nodes on a second start and stops only what it started', async () => {
    // Reuse means nothing is deployed or minted again: every chain's head stays where it was.
    const heads = await Promise.all(NETWORKS.map((n) => clients[n].getBlockNumber()));
    const second = await startDevchain({ dir, ports: PORTS });
    try {
      expect(second.manifest.networks.ethereum.origin).toBe('reused');
      expect(second.manifest.networks.cronos.origin).toBe('reused');
      expect(second.manifest.collections).toEqual(sut.manifest.collections);
      expect(second.manifest.wallets).toEqual(sut.manifest.wallets);
      expect(await Promise.all(NETWORKS.map((n) => clients[n].getBlockNumber()))).toEqual(heads);
    } finally {
      await second.stop();
    }
    expect(await clients.polygon.getChainId()).toBe(137);
    expect((await fetch(`${sut.manifest.ipfsGateway}${collection('apes').metadataCid}/1`)).status).toBe(200);
  }, 60_000);
});
