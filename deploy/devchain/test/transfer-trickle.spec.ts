import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, http, parseAbi, type Address, type Hex } from 'viem';
import { startAnvil, type AnvilNode } from '../src/anvil.process.js';
import type { DevchainCollection, DevchainManifest } from '../src/manifest.js';
import { ANVIL_ACCOUNTS, DEMO_WALLETS } from '../src/networks.config.js';
import { compileContracts } from '../src/solidity.compiler.js';
import { startTransferTrickle, type Trickle } from '../src/transfer-trickle.js';
import { minedReceipt } from '../src/mined-receipt.js';

const PORT = 29598 + Number(process.env.NEXUS_TEST_SLOT ?? 0) * 100;
const DEPLOYER = ANVIL_ACCOUNTS[9]!;
const erc721 = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function mintIds(address[] recipients, uint256[] ids)',
]);

describe(startTransferTrickle.name, () => {
  let anvil: AnvilNode;
  let trickle: Trickle | null = null;

  beforeAll(async () => {
    anvil = await startAnvil({ port: PORT, chainId: 1 });
  }, 60_000);

  afterAll(async () => {
    trickle?.stop();
    await anvil?.stop();
  });

  it('passes a demo token from wallet to wallet, each transfer with its confirmations mined', async () => {
    const chain = createPublicClient({ transport: http(anvil.url) });
    const wallet = createWalletClient({ transport: http(anvil.url) });
    const { contracts } = await compileContracts({
      artifactsDir: join(tmpdir(), 'nexus-devchain-artifacts'),
    });
    const { abi, bytecode } = contracts.NexusPlain721!;
    const deployed = await minedReceipt(
      chain,
      await wallet.deployContract({
        account: DEPLOYER,
        chain: null,
        abi,
        bytecode: bytecode as Hex,
        args: ['Apes', 'APE', 'ipfs://apes/', DEPLOYER],
      }),
    );
    const apes = deployed.contractAddress!.toLowerCase() as Address;
    const [collector, trader] = DEMO_WALLETS.map((entry) => entry.address.toLowerCase() as Address);
    await minedReceipt(
      chain,
      await wallet.writeContract({
        account: DEPLOYER,
        chain: null,
        address: apes,
        abi: erc721,
        functionName: 'mintIds',
        args: [[collector!], [4n]],
      }),
    );
    const manifest = {
      networks: { ethereum: { chainId: 1, rpcUrl: anvil.url, seeded: true, origin: 'started' } },
      collections: [{ address: apes, name: 'Apes', standard: 'ERC-721', network: 'ethereum' }],
      wallets: [
        {
          network: 'ethereum',
          address: collector!,
          label: 'Demo collector',
          holdings: [{ contract: apes, collection: 'apes', tokenId: '4', balance: 1 }],
        },
      ],
    } as unknown as Pick<DevchainManifest, 'networks' | 'collections' | 'wallets'>;
    const before = await chain.getBlockNumber({ cacheTime: 0 });
    const lines: string[] = [];

    trickle = startTransferTrickle(manifest, {
      minSeconds: 0.05,
      maxSeconds: 0.1,
      confirmations: () => 2,
      log: (line) => lines.push(line),
    });
    expect(trickle?.collection).toMatchObject({ name: 'Apes' } satisfies Partial<DevchainCollection>);
    const deadline = Date.now() + 20_000;
    while (lines.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    trickle!.stop();
    // A step under way finishes: let it, then read the chain.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const moves = lines.filter((line) => line.startsWith('trickle: Apes #4'));
    expect(moves.length).toBeGreaterThanOrEqual(2);
    expect(moves[0]).toBe(`trickle: Apes #4 ${collector} → ${trader}`);
    // Each transfer: its own block and two confirmations on top.
    expect(await chain.getBlockNumber({ cacheTime: 0 })).toBe(before + BigInt(moves.length * 3));
    const owner = await chain.readContract({
      address: apes,
      abi: erc721,
      functionName: 'ownerOf',
      args: [4n],
    });
    expect(owner.toLowerCase()).toBe(DEMO_WALLETS[moves.length % DEMO_WALLETS.length]!.address.toLowerCase());
  }, 60_000);

  it('has nothing to move when no demo wallet holds an ERC-721 token on a local chain', () => {
    expect(
      startTransferTrickle({
        networks: {},
        collections: [],
        wallets: [],
      } as unknown as Pick<DevchainManifest, 'networks' | 'collections' | 'wallets'>),
    ).toBeNull();
  });
});
