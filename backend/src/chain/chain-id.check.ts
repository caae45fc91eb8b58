import { ENABLED_NETWORKS, type Network } from '@nexus/contract';
import { createPublicClient, http } from 'viem';
import type { ChainConfig } from '../platform/config/index.js';
import { redactSecrets } from '../platform/logging/index.js';

export interface ChainIdFindings {
  /** URLs answering another chain's id: the configuration is wrong, the process must not start. */
  wrong: string[];
  /** URLs that did not answer: reported, not refused (a node down at start comes back later). */
  silent: string[];
}

/**
 * Asks each configured node its eth_chainId: a URL of another chain (a polygon node given as
 * ETHEREUM_RPC_URL) would serve that chain's contracts under this network's name. Each URL is named
 * with any key in it redacted.
 */
export async function checkChainIds(
  chains: Partial<Record<Network, Pick<ChainConfig, 'chainId' | 'rpcUrl' | 'rpcUrls'>>>,
  timeoutMs = 5_000,
): Promise<ChainIdFindings> {
  const findings: ChainIdFindings = { wrong: [], silent: [] };
  await Promise.all(
    ENABLED_NETWORKS.flatMap((network) => {
      const chain = chains[network];
      if (!chain) return [];
      const variable = `${network.toUpperCase()}_RPC_URL`;
      const urls = chain.rpcUrls?.length ? chain.rpcUrls : [chain.rpcUrl];
      return urls.map(async (url) => {
        const shown = redactSecrets(url);
        let answer: number;
        try {
          answer = await createPublicClient({
            transport: http(url, { timeout: timeoutMs, retryCount: 1 }),
          }).getChainId();
        } catch {
          findings.silent.push(`${variable}: ${shown} did not answer eth_chainId`);
          return;
        }
        if (answer !== chain.chainId) {
          findings.wrong.push(
            `${variable}: ${shown} answers chain id ${answer}, not ${network}'s ${chain.chainId}`,
          );
        }
      });
    }),
  );
  return findings;
}
