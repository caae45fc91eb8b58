import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  http,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { compileContracts } from '../../deploy/devchain/src/solidity.compiler.js';
import { rpcChain } from '../../backend/src/chain/index.js';
import { minedReceipt } from '../../deploy/devchain/src/mined-receipt.js';

const ARTIFACTS_DIR = join(tmpdir(), 'nexus-devchain-artifacts');

/**
 * Writes to a test file's own anvil chain (a cronos-like network): transactions from its unlocked
 * accounts, each waited for and required to succeed, deployments of the dev world's contracts, and
 * empty blocks.
 */
export function anvilWriter(url: string, chainId: number, deployer: Address) {
  // Past viem's 10 s: mining a thousand blocks on a machine running the whole suite takes longer.
  const transport = http(url, { timeout: 120_000 });
  const chain = createPublicClient({ chain: rpcChain('cronos', chainId, url), transport });
  const wallet = (account: Address) =>
    createWalletClient({ chain: rpcChain('cronos', chainId, url), transport, account });
  const succeeded = async (hash: Hex): Promise<TransactionReceipt> => {
    const receipt = await minedReceipt(chain, hash);
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };
  /** Deploys a contract of deploy/devchain/contracts: its lower-case address and its block. */
  const deployed = async (name: string, args: unknown[]): Promise<{ address: Address; block: bigint }> => {
    const { contracts } = await compileContracts({ artifactsDir: ARTIFACTS_DIR });
    const { abi, bytecode } = contracts[name]!;
    const receipt = await succeeded(
      await wallet(deployer).deployContract({ abi, bytecode: bytecode as Hex, args }),
    );
    return { address: receipt.contractAddress!.toLowerCase() as Address, block: receipt.blockNumber };
  };
  return {
    chain,
    send: async (from: Address, to: Address, abi: Abi, functionName: string, args: unknown[]) =>
      succeeded(await wallet(from).writeContract({ address: to, abi, functionName, args } as never)),
    mine: (blocks: bigint) =>
      chain.request({ method: 'anvil_mine' as never, params: [`0x${blocks.toString(16)}`] as never }),
    deployed,
    deploy: async (name: string, args: unknown[]) => (await deployed(name, args)).address,
  };
}

export type AnvilWriter = ReturnType<typeof anvilWriter>;
