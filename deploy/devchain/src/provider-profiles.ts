// Over 400 lines for that reason: one profile per provider, each beside its cited source; the table reads
// better whole than split by provider.
import type { PublicNodeAnswers, PublicNodeLimits, RpcError } from './public-node.proxy.js';

/**
 * Real providers' limits and answers for the public-node front (issue 22): each profile gives a
 * provider's eth_getLogs span and result caps with its exact refusal texts, its throttling shape,
 * its batch cap and how a larger batch is refused, whether state older than the head is kept, its
 * answer-size cap, and how a spent daily or monthly quota is answered (no profile spends one by
 * itself: a test sets `quota`; likewise `slowLogs`, wide log queries timing out, whose time budgets
 * no provider states). `NEXUS_DEVWORLD_PROVIDER=<name>` puts one in front of the dev world's
 * cronos. Numbers in the texts follow the front's limits, so a test may shrink them.
 *
 * Sources (cited per profile):
 * - [ponder]: ponder-sh/ponder, packages/utils/src/_test/<provider>.test.ts (live answers asserted
 *   per provider) and packages/utils/src/getLogsRetryHelper.ts (one branch per provider);
 * - [ethers-4703]: ethers-io/ethers.js issue 4703 (Infura's and Alchemy's answers, pasted whole);
 * - [envio]: enviodev/hyperindex RpcSource tests (real messages fed through a mock server);
 * - [quicknode-errors]: quicknode.com/docs/ethereum/error-references; [quicknode-logs]: QuickNode's
 *   eth_getLogs page (10,000 blocks; 5 on the free trial); [quicknode-credits]:
 *   support.quicknode.com "Error: credits limited to X/sec";
 * - [infura-rate]: docs.infura.io/api/networks/ethereum/how-to/avoid-rate-limiting;
 *   [infura-batch]: docs.metamask.io/services/how-to/make-batch-requests (no batch cap stated);
 * - [alchemy-throughput]: alchemy.com/docs/reference/throughput; [ethers-5071]: ethers-io/ethers.js
 *   issue 5071 (Alchemy's 429 "Monthly capacity limit exceeded"); [alchemy-batch]:
 *   alchemy.com/docs/reference/batch-requests (1,000 calls per HTTP batch);
 * - [geth-batch]: go-ethereum rpc/handler.go respondWithBatchTooLarge (PR 26681: one -32600
 *   `batch too large` carrying the first call's id), answered so by Base's op-geth
 *   (base-org/node issue 234, `{'code': -32600, 'message': 'batch too large'}`);
 * - [geth-state]: go-ethereum trie.MissingNodeError `missing trie node <hash> (path <path>)` and
 *   `header not found`: what a pruned full node answers for state it no longer keeps;
 * - [nodereal-errors]: NodeReal MegaNode "Handling Errors" (`-32005 batch size exceed limit 500`);
 * - [jsonrpsee]: paritytech/jsonrpsee, types/src/error.rs and server (a batch over the cap:
 *   one `-32010 The batch request was too large` with `data` "Exceeded max limit of N", id null);
 * - [drpc-batch]: dRPC's free-tier batch refusal, as recorded in backend rpc-errors.util.ts;
 * - [issue-22]: Nexus issue 22's list of throttling shapes seen in the wild.
 * A shape marked "(shape assumed)" is one of issue 22's recorded shapes given to a provider whose
 * own answer for it is not recorded.
 */

export const PROVIDER_NAMES = [
  'infura',
  'alchemy',
  'quicknode',
  'quicknode-trial',
  'ankr',
  'cloudflare',
  'publicnode',
  'llamarpc',
  'blockpi',
  'thirdweb',
  'chainstack',
  'coinbase',
  'drpc',
  '1rpc',
  'nodereal',
  'avalanche',
  'optimism',
  'base',
  'arbitrum',
] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface ProviderProfile {
  name: ProviderName;
  /** Where its limits and texts come from. */
  sources: string[];
  /** Its real limits (null: none the provider states). */
  limits: Required<Omit<PublicNodeLimits, 'answers'>>;
  /** Its wording; Nexus' own (geth's) where a shape has no recorded text. */
  answers: Partial<PublicNodeAnswers>;
  /** Whether the span refusal states the cap (read exactly) or must be found by halving. */
  statesSpan: boolean;
  /** Whether the result refusal names the range to ask instead. */
  suggestsRange: boolean;
}

const hex = (n: bigint): string => `0x${n.toString(16)}`;
/** Infura writes its hex digits upper-case: `[0xBDE5F8, 0x102DBCC]`. */
const HEX = (n: bigint): string => `0x${n.toString(16).toUpperCase()}`;
const error = (code: number, message: string, data?: unknown): RpcError =>
  data === undefined ? { code, message } : { code, message, data };

/** HTTP 429 with a plain JSON-RPC error, with or without Retry-After. */
const http429 = (code: number, message: string, retryAfter?: string) => () => ({
  status: 429,
  ...(retryAfter === undefined ? {} : { headers: { 'Retry-After': retryAfter } }),
  error: error(code, message),
});
/** HTTP 200 whose JSON-RPC error says the rate was exceeded. */
const in200 = (code: number, message: (limit: number) => string) => (limit: number) => ({
  status: 200,
  error: error(code, message(limit)),
});
const missingTrieNode = (block: bigint): RpcError =>
  error(-32000, `missing trie node ${'d'.repeat(64)} (path ) state ${block} is not available`);

type ProviderLimits = ProviderProfile['limits'];

/** A provider's limits: the ones it states, null (none) for the others. */
function stated(limits: Partial<ProviderLimits> & Pick<ProviderLimits, 'requestsPerSecond'>): ProviderLimits {
  return {
    maxLogRange: null,
    maxLogResults: null,
    maxBatch: null,
    stateBlocks: null,
    maxResponseBytes: null,
    quota: null,
    slowLogs: null,
    ...limits,
  };
}

const PROFILES: Record<ProviderName, Omit<ProviderProfile, 'name'>> = {
  infura: {
    sources: [
      '[ethers-4703]',
      '[ponder] infura.test.ts',
      '[infura-rate] (rate and daily quota)',
      '[infura-batch]',
    ],
    limits: stated({
      maxLogResults: 10_000,
      requestsPerSecond: 10,
    }),
    answers: {
      results: (limit, from, _to, fits) =>
        error(
          -32005,
          `query returned more than ${limit} results. Try with this block range [${HEX(from)}, ${HEX(fits)}].`,
          { from: HEX(from), limit, to: HEX(fits) },
        ),
      throttled: (limit) => ({
        status: 429,
        error: error(-32005, 'project ID request rate exceeded', {
          see: 'https://infura.io/docs/ethereum/jsonrpc/ratelimits',
          current_rps: limit + 3.333,
          allowed_rps: limit,
          backoff_seconds: 0,
        }),
      }),
      quotaSpent: () => ({
        status: 429,
        error: error(-32005, 'daily request count exceeded, request rate limited'),
      }),
    },
    statesSpan: true,
    suggestsRange: true,
  },
  alchemy: {
    sources: [
      '[envio] Alchemy block range',
      '[ethers-4703]',
      '[alchemy-throughput]',
      '[ethers-5071] (monthly quota)',
      '[alchemy-batch]',
    ],
    limits: stated({
      maxLogRange: 500,
      maxLogResults: 10_000,
      requestsPerSecond: 25,
      maxBatch: 1_000,
    }),
    answers: {
      span: (limit, from) =>
        error(
          -32600,
          `You can make eth_getLogs requests with up to a ${limit} block range. Based on your parameters, this block range should work: [${hex(from)}, ${hex(from + BigInt(limit) - 1n)}]`,
        ),
      results: (_limit, from, _to, fits) =>
        error(
          -32602,
          `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [${hex(from)}, ${hex(fits)}]`,
        ),
      throttled: http429(
        429,
        'Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message. If not, check out https://docs.alchemy.com/reference/throughput',
      ),
      quotaSpent: () => ({
        status: 429,
        error: error(
          429,
          'Monthly capacity limit exceeded. Visit https://dashboard.alchemy.com/settings/billing to upgrade your scaling policy for continued service.',
        ),
      }),
      // The page states the cap, not the refusal: one error per call (shape assumed).
      batch: (limit) => ({
        status: 200,
        shape: 'each',
        error: error(-32600, `Batch size too large: at most ${limit} requests per batch`),
      }),
    },
    statesSpan: true,
    suggestsRange: true,
  },
  quicknode: {
    sources: ['[ponder] quicknode.test.ts', '[quicknode-errors] -32614, -32007', '[quicknode-logs]'],
    limits: stated({
      maxLogRange: 10_000,
      requestsPerSecond: 100,
    }),
    answers: {
      span: (limit) => error(-32614, `eth_getLogs is limited to a ${limit.toLocaleString('en-US')} range`),
      throttled: in200(
        -32007,
        (limit) =>
          `${limit}/second request limit reached - reduce calls per second or upgrade your account at quicknode.com`,
      ),
    },
    statesSpan: true,
    suggestsRange: false,
  },
  'quicknode-trial': {
    sources: [
      '[quicknode-logs] 5 blocks on the free trial',
      '[quicknode-errors] -32614',
      '[quicknode-credits]',
    ],
    limits: stated({
      maxLogRange: 5,
      requestsPerSecond: 15,
    }),
    answers: {
      span: (limit) => error(-32614, `eth_getLogs is limited to a ${limit} range`),
      throttled: in200(-32012, (limit) => `credits limited to ${limit * 20}/sec`),
    },
    statesSpan: true,
    suggestsRange: false,
  },
  ankr: {
    sources: [
      '[ponder] getLogsRetryHelper.ts, ankr branch (-32600, 3,000 blocks)',
      '[ponder] ankr.test.ts',
      '[issue-22] HTTP 429 without Retry-After (shape assumed)',
    ],
    limits: stated({
      maxLogRange: 3_000,
      maxLogResults: 10_000,
      requestsPerSecond: 30,
    }),
    answers: {
      span: () => error(-32600, 'block range is too wide'),
      results: (limit) => error(-32000, `query exceeds max results ${limit}`),
      throttled: http429(-32029, 'Too Many Requests'),
    },
    statesSpan: false,
    suggestsRange: false,
  },
  cloudflare: {
    sources: [
      '[ponder] cloudflare.test.ts',
      '[issue-22] HTTP 429 with Retry-After (shape assumed)',
      '[geth-state] (a pruned node, assumed)',
    ],
    limits: stated({
      maxLogRange: 800,
      requestsPerSecond: 20,
      stateBlocks: 128,
    }),
    answers: {
      span: (limit) => error(-32000, `Max range: ${limit}`),
      throttled: http429(-32005, 'Too Many Requests', '1'),
      pruned: () => error(-32000, 'header not found'),
    },
    statesSpan: true,
    suggestsRange: false,
  },
  publicnode: {
    sources: [
      '[ponder] publicnode.test.ts',
      '[issue-22] -32005 "limit exceeded" in a 200 body (shape assumed)',
      '[geth-state] (a pruned node, assumed)',
    ],
    limits: stated({
      maxLogRange: 50_000,
      requestsPerSecond: 20,
      stateBlocks: 128,
    }),
    answers: {
      span: (limit) => error(-32000, `exceed maximum block range: ${limit}`),
      throttled: in200(-32005, () => 'limit exceeded'),
      pruned: missingTrieNode,
    },
    statesSpan: true,
    suggestsRange: false,
  },
  llamarpc: {
    sources: [
      '[ponder] llamarpc.test.ts',
      '[envio] reth\'s "retry with the range A-B"',
      '[jsonrpsee] (the server reth answers through; cap of 100 assumed)',
      '[issue-22] HTTP 429 without Retry-After (shape assumed)',
    ],
    limits: stated({
      maxLogResults: 20_000,
      requestsPerSecond: 20,
      maxBatch: 100,
    }),
    answers: {
      results: (limit, from, _to, fits) =>
        error(-32602, `query exceeds max results ${limit}, retry with the range ${from}-${fits}`),
      throttled: http429(-32029, 'Too Many Requests'),
      // One error for the whole batch, id null.
      batch: (limit) => ({
        status: 200,
        shape: 'whole',
        error: error(-32010, 'The batch request was too large', `Exceeded max limit of ${limit}`),
      }),
    },
    statesSpan: true,
    suggestsRange: true,
  },
  blockpi: {
    sources: ['[ponder] blockpi.test.ts', '[issue-22] -32029 in a 200 body (shape assumed)'],
    limits: stated({
      maxLogRange: 1_024,
      requestsPerSecond: 20,
    }),
    answers: {
      span: (limit) => error(-32602, `eth_getLogs is limited to ${limit} block range`),
      throttled: in200(-32029, () => 'Too Many Requests'),
    },
    statesSpan: true,
    suggestsRange: false,
  },
  thirdweb: {
    sources: ['[ponder] thirdweb.test.ts', '[issue-22] "exceeded … capacity" in a 200 body (shape assumed)'],
    limits: stated({
      maxLogRange: 1_000,
      requestsPerSecond: 20,
    }),
    answers: {
      span: (limit) => error(-32005, `Maximum allowed number of requested blocks is ${limit}`),
      throttled: in200(-32005, () => 'You have exceeded your request capacity'),
    },
    statesSpan: true,
    suggestsRange: false,
  },
  chainstack: {
    sources: [
      '[ponder] chainstack.test.ts (100 blocks on the free plan)',
      '[issue-22] HTTP 429 with Retry-After (shape assumed)',
    ],
    limits: stated({
      maxLogRange: 100,
      requestsPerSecond: 25,
    }),
    answers: {
      span: () => error(-32602, 'Block range limit exceeded.'),
      throttled: http429(-32005, 'Too Many Requests', '1'),
    },
    statesSpan: false,
    suggestsRange: false,
  },
  coinbase: {
    sources: [
      '[ponder] coinbase.test.ts',
      '[geth-batch] op-geth (base-org/node issue 234)',
      '[issue-22] -32005 "Rate limit exceeded" in a 200 body (shape assumed)',
      '[geth-state] (a pruned node, assumed)',
    ],
    limits: stated({
      maxLogRange: 1_000,
      requestsPerSecond: 25,
      maxBatch: 1_000,
      stateBlocks: 128,
    }),
    answers: {
      span: (limit) => error(-32005, `please limit the query to at most ${limit} blocks`),
      throttled: in200(-32005, () => 'Rate limit exceeded'),
      batch: () => ({ status: 200, shape: 'first', error: error(-32600, 'batch too large') }),
      pruned: missingTrieNode,
    },
    statesSpan: true,
    suggestsRange: false,
  },
  drpc: {
    sources: [
      '[ponder] getLogsRetryHelper.ts, drpc branch',
      '[drpc-batch] (one error per call, shape assumed)',
      '[issue-22] HTTP 429 without Retry-After (shape assumed)',
    ],
    limits: stated({
      maxLogRange: 10_000,
      requestsPerSecond: 20,
      maxBatch: 3,
    }),
    answers: {
      span: (limit) => error(-32000, `ranges over ${limit} blocks are not supported on freetier`),
      throttled: http429(-32029, 'Too Many Requests'),
      batch: (limit) => ({
        status: 200,
        shape: 'each',
        error: error(
          -32000,
          `Batch of more than ${limit} requests are not allowed on free tier, to use larger batches please upgrade`,
        ),
      }),
    },
    statesSpan: true,
    suggestsRange: false,
  },
  '1rpc': {
    sources: [
      '[ponder] 1rpc.test.ts',
      '[ponder] getLogsRetryHelper.ts, 1rpc branch (response size)',
      '[issue-22] HTTP 429 with Retry-After (shape assumed)',
    ],
    limits: stated({
      maxLogRange: 1_000,
      requestsPerSecond: 20,
      maxResponseBytes: 10_000_000,
    }),
    answers: {
      span: (limit) => error(-32000, `eth_getLogs is limited to a ${limit} blocks range`),
      tooLarge: (limit) => error(-32000, `response size should not greater than ${limit} bytes`),
      throttled: http429(-32005, 'Too Many Requests', '1'),
    },
    statesSpan: true,
    suggestsRange: false,
  },
  nodereal: {
    sources: [
      '[nodereal-errors] -32005 batch size exceed limit 500 (one error per call, shape assumed)',
      '[issue-22] HTTP 429 without Retry-After (shape assumed)',
      '[geth-state] (a pruned node, assumed)',
    ],
    limits: stated({
      requestsPerSecond: 25,
      maxBatch: 500,
      stateBlocks: 128,
    }),
    answers: {
      throttled: http429(-32005, 'Too Many Requests'),
      batch: (limit) => ({
        status: 200,
        shape: 'each',
        error: error(-32005, `batch size exceed limit ${limit}`),
      }),
      pruned: missingTrieNode,
    },
    statesSpan: true,
    suggestsRange: false,
  },
  avalanche: {
    sources: ['[ponder] avalanche.test.ts', '[issue-22] HTTP 429 with Retry-After (shape assumed)'],
    limits: stated({
      maxLogRange: 2_048,
      requestsPerSecond: 20,
    }),
    answers: {
      span: (limit, from, to) =>
        error(-32000, `requested too many blocks from ${from} to ${to}, maximum is set to ${limit}`),
      throttled: http429(-32005, 'Too Many Requests', '1'),
    },
    statesSpan: true,
    suggestsRange: false,
  },
  optimism: {
    sources: [
      '[ponder] optimism.test.ts',
      '[ponder] getLogsRetryHelper.ts, optimism branch (response size; 10 MB assumed)',
      '[issue-22] HTTP 429 without Retry-After (shape assumed)',
    ],
    limits: stated({
      maxLogRange: 2_000,
      requestsPerSecond: 20,
      maxResponseBytes: 10_000_000,
    }),
    answers: {
      span: () => error(-32000, 'Block range is too large'),
      tooLarge: () => error(-32000, 'backend response too large'),
      throttled: http429(-32029, 'Too Many Requests'),
    },
    statesSpan: false,
    suggestsRange: false,
  },
  base: {
    sources: [
      '[ponder] getLogsRetryHelper.ts, base branch',
      '[geth-batch] op-geth (base-org/node issue 234)',
      '[issue-22] -32005 "limit exceeded" in a 200 body (shape assumed)',
    ],
    limits: stated({
      maxLogRange: 2_000,
      requestsPerSecond: 20,
      maxBatch: 1_000,
    }),
    answers: {
      span: () => error(-32000, 'block range too large'),
      throttled: in200(-32005, () => 'limit exceeded'),
      batch: () => ({ status: 200, shape: 'first', error: error(-32600, 'batch too large') }),
    },
    statesSpan: false,
    suggestsRange: false,
  },
  arbitrum: {
    sources: ['[ponder] arbitrum.test.ts', '[issue-22] HTTP 429 with Retry-After (shape assumed)'],
    limits: stated({ maxLogResults: 10_000, requestsPerSecond: 20 }),
    answers: {
      results: (limit) => error(-32000, `logs matched by query exceeds limit of ${limit}`),
      throttled: http429(-32005, 'Too Many Requests', '1'),
    },
    statesSpan: true,
    suggestsRange: false,
  },
};

/** Every profile, named by its key. */
export const PROVIDER_PROFILES = Object.fromEntries(
  PROVIDER_NAMES.map((name) => [name, { name, ...PROFILES[name] }]),
) as Record<ProviderName, ProviderProfile>;

/** NEXUS_DEVWORLD_PROVIDER: a profile's name, or unset/empty for Nexus' own front (the default). */
export function parseProviderName(raw: string | undefined): ProviderName | null {
  if (raw === undefined || raw === '' || raw === 'nexus') return null;
  if ((PROVIDER_NAMES as readonly string[]).includes(raw)) return raw as ProviderName;
  throw new Error(
    `NEXUS_DEVWORLD_PROVIDER must be one of nexus, ${PROVIDER_NAMES.join(', ')} (got "${raw}")`,
  );
}

/** The front's limits and answers as the provider has them; `overrides` replace its numbers. */
export function providerLimits(
  name: ProviderName,
  overrides: Partial<Omit<PublicNodeLimits, 'answers'>> = {},
): PublicNodeLimits {
  const profile = PROVIDER_PROFILES[name];
  return { ...profile.limits, ...overrides, answers: profile.answers };
}
