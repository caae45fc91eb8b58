import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  defineChain,
  getAddress,
  getContractAddress,
  encodeAbiParameters,
  http,
  keccak256,
  parseAbi,
  toHex,
  type Address,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, sign } from 'viem/accounts';
import { labelhash, namehash, normalize, packetToBytes } from 'viem/ens';
import { startAnvil, type AnvilNode } from '../src/anvil.process.js';
import { devChain, seedNetwork } from '../src/chain.seeder.js';
import { readManifest, startDevchain, type Devchain } from '../src/index.js';
import type { DevchainEns, DevchainWallet } from '../src/manifest.js';
import { DEPLOYERS, ENS_DEPLOYER, MULTICALL3_ADDRESS } from '../src/networks.config.js';
import { buildNetworkPlan } from '../src/seed.plan.js';
import { compileContracts } from '../src/solidity.compiler.js';

// Below Linux's ephemeral range (32768-60999), where another process's outgoing connection may hold a port.
const PORTS = { ethereum: 25545, polygon: 25546, cronos: 25547, gateway: 25580 };
/** A node seeded by a dev chain from before ENS (collections only). */
const OLD_NODE = { ethereum: 25548, gateway: 25581 };

const registryAbi = parseAbi([
  'function owner(bytes32) view returns (address)',
  'function resolver(bytes32) view returns (address)',
]);
const resolverAbi = parseAbi([
  'function addr(bytes32) view returns (address)',
  'function addr(bytes32, uint256) view returns (bytes)',
  'function supportsInterface(bytes4) view returns (bool)',
]);
const universalResolverAbi = parseAbi([
  'error DNSDecodingFailed(bytes dns)',
  'error ResolverNotFound(bytes name)',
  'function resolveWithGateways(bytes name, bytes data, string[] gateways) view returns (bytes, address)',
]);

function lower(address: string | null): string | null {
  return address === null ? null : address.toLowerCase();
}

/** The revert a strict call gets from the universal resolver. */
async function revertName(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof BaseError)) throw error;
    const revert = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    return revert instanceof ContractFunctionRevertedError ? revert.data?.errorName : undefined;
  }
  return 'no revert';
}

describe('ENS on the ethereum dev chain', () => {
  let dir: string;
  let sut: Devchain;
  let ens: DevchainEns;
  let client: PublicClient;

  const ethereumWallet = (label: string): DevchainWallet => {
    const found = sut.manifest.wallets.find(
      (wallet) => wallet.network === 'ethereum' && wallet.label === label,
    );
    if (!found) throw new Error(`no ${label} on ethereum`);
    return found;
  };
  const resolve = (name: string, coinType?: bigint): Promise<string | null> =>
    client
      .getEnsAddress({
        name: normalize(name),
        universalResolverAddress: ens.universalResolver as Address,
        ...(coinType === undefined ? {} : { coinType }),
      })
      .then(lower);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nexus-ens-'));
    const started = Date.now();
    sut = await startDevchain({ dir, ports: PORTS });
    console.log(`cold start with ENS ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (!sut.manifest.ens) throw new Error('the manifest has no ens');
    ens = sut.manifest.ens;
    const { chainId, rpcUrl } = sut.manifest.networks.ethereum;
    client = createPublicClient({ chain: devChain('ethereum', chainId, rpcUrl), transport: http(rpcUrl) });
  }, 180_000);

  afterAll(async () => {
    await sut?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('records the contracts and the demo names in the manifest', async () => {
    expect(await readManifest(join(dir, 'devchain.json'))).toEqual(sut.manifest);
    const deployer = ENS_DEPLOYER.toLowerCase() as Address;
    expect(ens).toEqual({
      registry: getContractAddress({ from: deployer, nonce: 0n }).toLowerCase(),
      publicResolver: getContractAddress({ from: deployer, nonce: 1n }).toLowerCase(),
      universalResolver: getContractAddress({ from: deployer, nonce: 2n }).toLowerCase(),
      offchainResolver: getContractAddress({ from: deployer, nonce: 3n }).toLowerCase(),
      wildcardResolver: getContractAddress({ from: deployer, nonce: 4n }).toLowerCase(),
      gateway: `http://127.0.0.1:${PORTS.gateway}/ccip/{sender}/{data}.json`,
      names: [
        { name: 'demo.eth', address: expect.stringMatching(/^0x[0-9a-f]{40}$/) },
        { name: 'collector.eth', address: ethereumWallet('Demo collector').address },
        { name: 'trader.eth', address: ethereumWallet('Demo trader').address },
        { name: 'newcomer.eth', address: ethereumWallet('Demo newcomer').address },
      ],
      offchainNames: [
        { name: 'alice.offchain.eth', address: ethereumWallet('Demo collector').address },
        { name: 'bob.offchain.eth', address: ethereumWallet('Demo trader').address },
      ],
      wildcardNames: [
        { name: 'alice.wild.eth', address: ethereumWallet('Demo trader').address },
        { name: 'a.b.wild.eth', address: ethereumWallet('Demo newcomer').address },
      ],
      primaryNames: expect.arrayContaining([
        { address: expect.stringMatching(/^0x[0-9a-f]{40}$/), name: 'demo.eth', verified: true },
      ]),
      avatars: [
        {
          name: 'demo.eth',
          record: expect.stringMatching(/^eip155:1\/erc721:0x[0-9a-f]{40}\/\d+$/),
          image: expect.stringMatching(/^ipfs:\/\/\w+\/\d+\.svg$/),
        },
        expect.objectContaining({ record: expect.stringMatching(/^ipfs:\/\//) }),
      ],
    });
    const richest = sut.manifest.wallets
      .filter((wallet) => wallet.network === 'ethereum')
      .sort((a, b) => b.holdings.length - a.holdings.length)[0]!;
    expect(ens.names[0]!.address).toBe(richest.address);
  });

  it('keeps the collections at the nonces of the ethereum deployer', () => {
    const ethereum = sut.manifest.collections.filter((collection) => collection.network === 'ethereum');
    expect(ethereum.map((collection) => collection.address)).toEqual(
      ethereum.map((_, nonce) =>
        getContractAddress({ from: DEPLOYERS.ethereum, nonce: BigInt(nonce) }).toLowerCase(),
      ),
    );
    expect(sut.manifest.multicall3).toBe(MULTICALL3_ADDRESS);
  });

  it('resolves every demo name with viem getEnsAddress through the universal resolver', async () => {
    for (const { name, address } of ens.names) {
      expect(await resolve(name)).toBe(address);
      expect(await resolve(name, 60n)).toBe(address);
    }
    expect(await resolve('Demo.ETH')).toBe(ens.names[0]!.address);
  });

  it('resolves offchain names through the gateway (CCIP-Read) and wildcard subnames', async () => {
    for (const { name, address } of [...ens.offchainNames, ...ens.wildcardNames]) {
      expect(await resolve(name)).toBe(address);
      expect(await resolve(name, 60n)).toBe(address);
    }
    expect(await resolve('Alice.Offchain.ETH')).toBe(ens.offchainNames[0]!.address);
    // A subname neither table knows points nowhere.
    expect(await resolve('nobody.offchain.eth')).toBeNull();
    expect(await resolve('x.y.wild.eth')).toBeNull();
    const wildcard = await client.readContract({
      address: ens.wildcardResolver as Address,
      abi: resolverAbi,
      functionName: 'supportsInterface',
      args: ['0x9061b923'],
    });
    expect(wildcard).toBe(true);
  });

  it('refuses a gateway answer signed by another key', async () => {
    const offchainAbi = parseAbi([
      'error NexusEnsInvalidSignature(address signer)',
      'function resolveWithProof(bytes response, bytes extraData) view returns (bytes)',
    ]);
    const forged = encodeAbiParameters(
      [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }],
      ['0x', 2n ** 40n, await sign({ hash: keccak256('0x01'), privateKey: generatePrivateKey(), to: 'hex' })],
    );
    expect(
      await revertName(
        client.readContract({
          address: ens.offchainResolver as Address,
          abi: offchainAbi,
          functionName: 'resolveWithProof',
          args: [forged, '0x'],
        }),
      ),
    ).toBe('NexusEnsInvalidSignature');
  });

  it('answers primary names forward-checked, and avatar records', async () => {
    const universalResolverAddress = ens.universalResolver as Address;
    for (const { address, name, verified } of ens.primaryNames) {
      expect(await client.getEnsName({ address: address as Address, universalResolverAddress })).toBe(
        verified ? name : null,
      );
    }
    expect(ens.primaryNames.some((record) => !record.verified)).toBe(true);
    for (const { name, record } of ens.avatars) {
      expect(await client.getEnsText({ name, key: 'avatar', universalResolverAddress })).toBe(record);
    }
  });

  it('resolves like mainnet when the chain names the universal resolver', async () => {
    const { rpcUrl } = sut.manifest.networks.ethereum;
    const mainnetLike = createPublicClient({
      chain: defineChain({
        id: 1,
        name: 'Nexus dev ethereum',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
        contracts: { ensUniversalResolver: { address: ens.universalResolver as Address } },
      }),
      transport: http(rpcUrl),
    });
    expect(lower(await mainnetLike.getEnsAddress({ name: 'collector.eth' }))).toBe(
      ethereumWallet('Demo collector').address,
    );
    expect(lower(await mainnetLike.getEnsResolver({ name: 'collector.eth' }))).toBe(ens.publicResolver);
    expect(await mainnetLike.getEnsAddress({ name: 'nobody.eth' })).toBeNull();
  });

  it('answers null for an unknown name, a name under another TLD and an unset subname', async () => {
    expect(await resolve('nobody.eth')).toBeNull();
    expect(await resolve('demo.com')).toBeNull();
    expect(await resolve('collector.xyz')).toBeNull();
    expect(await resolve('vault.demo.eth')).toBeNull();
    expect(await resolve('eth')).toBeNull();
    // The null comes from the ENS error viem treats as "no resolver", not from a failing call.
    for (const name of ['nobody.eth', 'demo.com', 'vault.demo.eth']) {
      expect(
        await revertName(
          client.getEnsAddress({
            name,
            universalResolverAddress: ens.universalResolver as Address,
            strict: true,
          }),
        ),
      ).toBe('ResolverNotFound');
    }
  });

  it('answers null for a profile the resolver lacks', async () => {
    const text = client.getEnsText({
      name: 'demo.eth',
      key: 'url',
      universalResolverAddress: ens.universalResolver as Address,
    });
    expect(await text).toBeNull();
  });

  it('reads labels given as [labelhash] and rejects malformed DNS names', async () => {
    const hashed = `[${labelhash('trader').slice(2)}].eth`;
    expect(namehash(hashed)).toBe(namehash('trader.eth'));
    // Not a normalisable name: sent as is, as viem does for labels longer than 255 bytes.
    const answer = await client.getEnsAddress({
      name: hashed,
      universalResolverAddress: ens.universalResolver as Address,
    });
    expect(lower(answer)).toBe(ethereumWallet('Demo trader').address);
    const call = (name: `0x${string}`): Promise<unknown> =>
      client.readContract({
        address: ens.universalResolver as Address,
        abi: universalResolverAbi,
        functionName: 'resolveWithGateways',
        args: [name, '0x3b3b57de', []],
      });
    expect(await revertName(call('0x0464656d6f'))).toBe('DNSDecodingFailed');
    expect(await revertName(call('0x'))).toBe('DNSDecodingFailed');
    expect(await revertName(call('0x0464656d6f0365746800ff'))).toBe('DNSDecodingFailed');
  });

  it('answers resolveWithGateways with the resolver result and the resolver', async () => {
    const node = namehash('newcomer.eth');
    const [result, resolver] = await client.readContract({
      address: ens.universalResolver as Address,
      abi: universalResolverAbi,
      functionName: 'resolveWithGateways',
      args: [toHex(packetToBytes('newcomer.eth')), `0x3b3b57de${node.slice(2)}`, ['x-batch-gateway:true']],
    });
    expect(lower(resolver)).toBe(ens.publicResolver);
    expect(result).toBe(`0x${'0'.repeat(24)}${ethereumWallet('Demo newcomer').address.slice(2)}`);
  });

  it('keeps EIP-137 records: names owned by their wallets, eth by the ENS deployer', async () => {
    const read = (functionName: 'owner' | 'resolver', name: string): Promise<string> =>
      client
        .readContract({
          address: ens.registry as Address,
          abi: registryAbi,
          functionName,
          args: [namehash(name)],
        })
        .then((address) => address.toLowerCase());
    expect(await read('owner', 'eth')).toBe(ENS_DEPLOYER.toLowerCase());
    for (const { name, address } of ens.names) {
      expect(await read('owner', name)).toBe(address);
      expect(await read('resolver', name)).toBe(ens.publicResolver);
    }
    expect(await read('owner', 'nobody.eth')).toBe('0x0000000000000000000000000000000000000000');

    const supports = (id: `0x${string}`): Promise<boolean> =>
      client.readContract({
        address: ens.publicResolver as Address,
        abi: resolverAbi,
        functionName: 'supportsInterface',
        args: [id],
      });
    expect(await supports('0x01ffc9a7')).toBe(true);
    expect(await supports('0x3b3b57de')).toBe(true);
    expect(await supports('0xf1cb7e06')).toBe(true);
    expect(await supports('0x9061b923')).toBe(false);
    const coin60 = await client.readContract({
      address: ens.publicResolver as Address,
      abi: resolverAbi,
      functionName: 'addr',
      args: [namehash('demo.eth'), 60n],
    });
    expect(coin60).toBe(ens.names[0]!.address);
  });

  it('reuses the running chain, ENS included, on a second start', async () => {
    const head = await client.getBlockNumber();
    const second = await startDevchain({ dir, ports: PORTS });
    try {
      expect(second.manifest.networks.ethereum.origin).toBe('reused');
      expect(second.manifest.ens).toEqual(ens);
      // Nothing deployed again: the registry and resolvers are the ones already on the chain.
      expect(await client.getBlockNumber()).toBe(head);
    } finally {
      await second.stop();
    }
    expect(await resolve('demo.eth')).toBe(ens.names[0]!.address);
  }, 60_000);

  it('adds ENS to a running node seeded before ENS existed', async () => {
    const oldDir = await mkdtemp(join(tmpdir(), 'nexus-ens-upgrade-'));
    let anvil: AnvilNode | undefined;
    let upgraded: Devchain | undefined;
    try {
      anvil = await startAnvil({ port: OLD_NODE.ethereum, chainId: 1 });
      const artifacts = await compileContracts({ artifactsDir: join(dir, 'artifacts') });
      await seedNetwork({ ...buildNetworkPlan('ethereum'), ens: undefined }, anvil.url, artifacts);
      const plain = createPublicClient({ transport: http(anvil.url) });
      expect(await plain.getCode({ address: ens.universalResolver as Address })).toBeUndefined();

      upgraded = await startDevchain({
        dir: oldDir,
        ports: { ethereum: OLD_NODE.ethereum, gateway: OLD_NODE.gateway },
        rpcUrls: {
          polygon: sut.manifest.networks.polygon.rpcUrl,
          cronos: sut.manifest.networks.cronos.rpcUrl,
        },
        artifactsDir: join(dir, 'artifacts'),
      });
      expect(upgraded.manifest.networks.ethereum.origin).toBe('reused');
      expect(upgraded.manifest.ens).toEqual({
        ...ens,
        gateway: `http://127.0.0.1:${OLD_NODE.gateway}/ccip/{sender}/{data}.json`,
      });
      expect(
        lower(
          await plain.getEnsAddress({
            name: 'demo.eth',
            universalResolverAddress: ens.universalResolver as Address,
          }),
        ),
      ).toBe(ens.names[0]!.address);
      expect(getAddress(upgraded.manifest.collections[0]!.address)).toBe(
        getAddress(sut.manifest.collections[0]!.address),
      );
    } finally {
      await upgraded?.stop();
      await anvil?.stop();
      await rm(oldDir, { recursive: true, force: true });
    }
  }, 120_000);
});
