import {
  BaseError,
  createPublicClient,
  fallback,
  http,
  parseAbi,
  type Address,
  type PublicClient,
  type Transport,
} from 'viem';
import { normalize } from 'viem/ens';
import { ENABLED_NETWORKS, type Network } from '@nexus/contract';
import type { AppConfig } from '../platform/config/index.js';
import { SafeHttpClient } from '../platform/outbound/index.js';
import { type AddressProbe, EnsGatewayError, type NftReference } from './address-probe.js';
import { guardedCcipRequest } from './ccip-read.request.js';

/** A network's node, or its nodes asked in turn (viem's fallback: the next one when a call fails). */
function nodeTransport(urls: string[]): Transport {
  if (urls.length <= 1) return http(urls[0], { timeout: 10_000, retryCount: 2 });
  return fallback(
    urls.map((url) => http(url, { timeout: 10_000, retryCount: 0 })),
    { retryCount: 2 },
  );
}

/** ENS Universal Resolver on Ethereum mainnet (what viem's mainnet chain names). */
const MAINNET_UNIVERSAL_RESOLVER: Address = '0xeeeeeeee14d718c2b47d9923deab1335e144eeee';

const nftAbi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function uri(uint256 id) view returns (string)',
]);

export interface EnsGatewayOptions {
  /** `host` or `host:port` gateways that may be private addresses (the dev world's). */
  allowedHosts?: readonly string[];
  /** Told of every gateway request refused because its host is a private address. */
  onBlocked?: (host: string) => void;
}

/** True when the error came from an offchain lookup (ERC-3668): the gateway, or its answer. */
function isOffchainFailure(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk((cause) => (cause as { name?: string } | null)?.name === 'OffchainLookupError') !== null
  );
}

function isNormalised(name: string): boolean {
  try {
    return normalize(name) === name;
  } catch {
    return false;
  }
}

/** Errors of the way to the node, not of its answer: the question was not answered. */
const NODE_FAILURES = new Set([
  'HttpRequestError',
  'TimeoutError',
  'WebSocketRequestError',
  'SocketClosedError',
  'LimitExceededRpcError',
]);

function isNodeFailure(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk((cause) => NODE_FAILURES.has((cause as { name?: string } | null)?.name ?? '')) !== null
  );
}

/**
 * AddressProbe over JSON-RPC with viem, through the same ENS resolution path as on mainnet: the
 * Universal Resolver, CCIP-Read (ERC-3668) for offchain resolvers with the gateway fetched through
 * our SSRF guard, wildcard resolution (ENSIP-10), reverse resolution checked forward.
 */
export class ViemAddressProbe implements AddressProbe {
  private readonly clients: Record<Network, PublicClient>;
  private readonly gateways: SafeHttpClient;

  constructor(
    config: Pick<AppConfig, 'chains'>,
    private readonly universalResolver: Address | null = null,
    gateway: EnsGatewayOptions = {},
  ) {
    this.gateways = new SafeHttpClient({
      allowedHosts: gateway.allowedHosts ?? [],
      ...(gateway.onBlocked ? { onBlocked: gateway.onBlocked } : {}),
      userAgent: 'Nexus/0.1 (ENS CCIP-Read)',
    });
    const ccipRead = { request: guardedCcipRequest(this.gateways) };
    this.clients = Object.fromEntries(
      ENABLED_NETWORKS.map((n) => [
        n,
        createPublicClient({
          transport: nodeTransport(config.chains[n].rpcUrls ?? [config.chains[n].rpcUrl]),
          ccipRead,
        }),
      ]),
    ) as Record<Network, PublicClient>;
  }

  private get resolverAddress(): Address {
    return this.universalResolver ?? MAINNET_UNIVERSAL_RESOLVER;
  }

  async hasCode(network: Network, address: string): Promise<boolean> {
    const code = await this.clients[network].getCode({ address: address as Address });
    return code !== undefined && code !== '0x';
  }

  async resolveEns(name: string): Promise<string | null> {
    let normalized: string;
    try {
      normalized = normalize(name);
    } catch {
      return null;
    }
    try {
      const address = await this.clients.ethereum.getEnsAddress({
        name: normalized,
        universalResolverAddress: this.resolverAddress,
      });
      return address ? address.toLowerCase() : null;
    } catch (error) {
      if (isOffchainFailure(error)) throw new EnsGatewayError(normalized, error);
      return null;
    }
  }

  async primaryName(address: string): Promise<string | null> {
    try {
      const name = await this.clients.ethereum.getEnsName({
        address: address as Address,
        universalResolverAddress: this.resolverAddress,
      });
      // ENSIP-15: a primary name that is not normalised is not shown.
      return name && isNormalised(name) ? name : null;
    } catch (error) {
      // A revert (no reverse record, no resolver, a name that fails the forward check) is "none".
      if (isNodeFailure(error)) throw error;
      return null;
    }
  }

  async ensText(name: string, key: string): Promise<string | null> {
    try {
      const value = await this.clients.ethereum.getEnsText({
        name: normalize(name),
        key,
        universalResolverAddress: this.resolverAddress,
      });
      return value || null;
    } catch {
      return null;
    }
  }

  async ownedTokenUri(network: Network, nft: NftReference, owner: string): Promise<string | null> {
    const client = this.clients[network];
    const address = nft.contract as Address;
    const tokenId = BigInt(nft.tokenId);
    try {
      if (nft.standard === 'erc721') {
        const [holder, uri] = await Promise.all([
          client.readContract({ address, abi: nftAbi, functionName: 'ownerOf', args: [tokenId] }),
          client.readContract({ address, abi: nftAbi, functionName: 'tokenURI', args: [tokenId] }),
        ]);
        return holder.toLowerCase() === owner.toLowerCase() ? uri : null;
      }
      const [balance, uri] = await Promise.all([
        client.readContract({
          address,
          abi: nftAbi,
          functionName: 'balanceOf',
          args: [owner as Address, tokenId],
        }),
        client.readContract({ address, abi: nftAbi, functionName: 'uri', args: [tokenId] }),
      ]);
      return balance > 0n ? uri.replace(/\{id\}/g, tokenId.toString(16).padStart(64, '0')) : null;
    } catch {
      return null;
    }
  }

  /** Closes idle keep-alive sockets to ENS gateways. */
  destroy(): void {
    this.gateways.destroy();
  }
}
