import { createPublicClient, fallback, http, type Address, type PublicClient, type Transport } from 'viem';
import { normalize } from 'viem/ens';
import { ENABLED_NETWORKS, type Network } from '@nexus/contract';
import type { AppConfig } from '../config/app-config.js';
import type { AddressProbe } from './address-probe.js';

/** ENS Universal Resolver on Ethereum mainnet (what viem's mainnet chain names). */
const MAINNET_UNIVERSAL_RESOLVER: Address = '0xeeeeeeee14d718c2b47d9923deab1335e144eeee';

/** One node, or several asked in turn (viem's fallback: the next one when a call fails). */
function probeTransport(urls: string[]): Transport {
  if (urls.length <= 1) return http(urls[0], { timeout: 10_000, retryCount: 2 });
  return fallback(
    urls.map((url) => http(url, { timeout: 10_000, retryCount: 0 })),
    { retryCount: 2 },
  );
}

/** AddressProbe over JSON-RPC with viem, through the same ENS resolution path as on mainnet. */
export class ViemAddressProbe implements AddressProbe {
  private readonly clients: Record<Network, PublicClient>;

  constructor(
    config: Pick<AppConfig, 'chains'>,
    private readonly universalResolver: Address | null = null,
  ) {
    this.clients = Object.fromEntries(
      ENABLED_NETWORKS.map((n) => [
        n,
        createPublicClient({
          transport: probeTransport(config.chains[n].rpcUrls ?? [config.chains[n].rpcUrl]),
        }),
      ]),
    ) as Record<Network, PublicClient>;
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
        universalResolverAddress: this.universalResolver ?? MAINNET_UNIVERSAL_RESOLVER,
      });
      return address ? address.toLowerCase() : null;
    } catch {
      return null;
    }
  }
}
