import { RpcRequestError } from 'viem';
import { INCOMPLETE_REASONS } from '@nexus/contract';
import { isUnavailable } from '../../platform/common/index.js';
import { MemoryProviderFacts } from './provider-facts.store.js';
import { ProviderQuotaError, quotaResetAt, UNKNOWN_QUOTA_RESET_MS } from './provider-quota.gate.js';
import { RpcNftSource } from './rpc-nft.source.js';
import { eachCall, jsonRpcNode } from './testing/json-rpc-node.fixture.js';

const WALLET = '0x00000000000000000000000000000000000000b0';

/** A node answering the head, and a spent daily quota (Infura's words) for everything else. */
async function spentNode(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const node = await jsonRpcNode((body) => {
    requests++;
    return eachCall(body, ({ method }) =>
      method === 'eth_blockNumber'
        ? { result: '0x100' }
        : { error: { code: -32005, message: 'daily request count exceeded, request rate limited' } },
    );
  });
  return { ...node, requests: () => requests };
}

const source = (url: string, facts: MemoryProviderFacts) =>
  new RpcNftSource(
    { ethereum: { chainId: 1, rpcUrl: url } },
    { httpBatchSize: 1, retries: 1, retryBaseDelayMs: 1, providerFacts: { ethereum: facts } },
  );

describe('a spent request quota', () => {
  it('ends a wallet scan at once as partial, and stops every process sharing the provider', async () => {
    const node = await spentNode();
    const facts = new MemoryProviderFacts();
    try {
      const reasons: string[] = [];
      const holdings = await source(node.url, facts).getWalletHoldings('ethereum', WALLET, {
        includeAllTokenTypes: true,
        onIncomplete: (reason) => reasons.push(reason),
      });

      expect(holdings).toEqual([]);
      expect(new Set(reasons)).toEqual(new Set([INCOMPLETE_REASONS.quota]));
      const until = Number(await facts.get('quota'));
      expect(until).toBeGreaterThan(Date.now());

      // Another process reading the same provider does not ask the node before the reset.
      const asked = node.requests();
      const again: string[] = [];
      await expect(
        source(node.url, facts).getWalletHoldings('ethereum', WALLET, {
          includeAllTokenTypes: true,
          onIncomplete: (reason) => again.push(reason),
        }),
      ).resolves.toEqual([]);
      expect(again).toEqual([INCOMPLETE_REASONS.quota]);
      expect(node.requests()).toBe(asked);
      const lookup = source(node.url, facts).getCollection('ethereum', WALLET);
      await expect(lookup).rejects.toBeInstanceOf(ProviderQuotaError);
      // An API look-up stopped by it answers 503 "Service temporarily unavailable", not a 500.
      expect(isUnavailable(await lookup.catch((error: unknown) => error))).toBe(true);
      expect(node.requests()).toBe(asked);
    } finally {
      await node.close();
    }
  });

  it('is left alone until its reset: the time the node names, midnight UTC for a day, else an hour', () => {
    const now = Date.UTC(2026, 10, 27, 15, 30);
    const refusal = (message: string, data?: unknown) =>
      new RpcRequestError({
        body: {},
        url: 'http://node',
        error: { code: -32005, message, ...(data ? { data } : {}) },
      });

    expect(quotaResetAt(refusal('daily request count exceeded'), now)).toBe(Date.UTC(2026, 10, 28));
    expect(quotaResetAt(refusal('Monthly capacity limit exceeded.'), now)).toBe(now + UNKNOWN_QUOTA_RESET_MS);
    expect(quotaResetAt(refusal('daily request count exceeded', { backoff_seconds: 30 }), now)).toBe(
      now + 30_000,
    );
  });
});
