/**
 * eth_getLogs refusals as real providers answer them, one row per provider and shape, each with
 * where its text was recorded. Numbers in the messages are the providers'; the tests make the
 * fake node refuse at the row's `limit` whatever the message says.
 *
 * Sources:
 * - [ponder]: ponder-sh/ponder, packages/utils/src/_test/<provider>.test.ts (live answers asserted
 *   per provider) and packages/utils/src/getLogsRetryHelper.ts (one branch per provider);
 * - [ethers-4703]: ethers-io/ethers.js issue 4703 (Infura's and Alchemy's answers, pasted whole);
 * - [envio]: enviodev/hyperindex RpcSource tests (real messages fed through a mock server);
 * - [quicknode-errors]: quicknode.com/docs/<chain>/error-references; [quicknode-credits]:
 *   support.quicknode.com "Error: credits limited to X/sec";
 * - [infura-rate]: docs.infura.io/api/networks/ethereum/how-to/avoid-rate-limiting;
 * - [alchemy-throughput]: alchemy.com/docs/reference/throughput; [ethers-5071]: ethers-io/ethers.js
 *   issue 5071 (Alchemy's 429 "Monthly capacity limit exceeded");
 * - [nexus-front]: deploy/devchain/src/public-node.proxy.ts.
 * JSON-RPC codes are the recorded ones where the source shows them (through viem's error class),
 * -32000 where it does not. Over 400 lines for that reason: a table with a row per provider and
 * shape, each beside its source, reads better whole than split by provider.
 */

export interface JsonRpcErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

const hex = (n: bigint): string => `0x${n.toString(16)}`;
/** Infura writes its hex digits upper-case: `[0xBDE5F8, 0x102DBCC]`. */
const HEX = (n: bigint): string => `0x${n.toString(16).toUpperCase()}`;

/** A node's refusal of a span wider than `limit` blocks, for the call [from, to]. */
export interface SpanRefusalRow {
  provider: string;
  source: string;
  limit: number;
  /** True when the message states the limit (read exactly); false when it is found by halving. */
  stated: boolean;
  /** HTTP status of the answer, when not 200. */
  status?: number;
  answer: (from: bigint, to: bigint) => JsonRpcErrorBody;
}

export const SPAN_REFUSALS: SpanRefusalRow[] = [
  {
    provider: 'thirdweb',
    source: '[ponder] thirdweb.test.ts',
    limit: 1_000,
    stated: true,
    answer: () => ({ code: -32005, message: 'Maximum allowed number of requested blocks is 1000' }),
  },
  {
    provider: 'Coinbase (CDP, Base)',
    source: '[ponder] coinbase.test.ts',
    limit: 1_000,
    stated: true,
    answer: () => ({ code: -32005, message: 'please limit the query to at most 1000 blocks' }),
  },
  {
    provider: 'dRPC (free tier)',
    source: '[ponder] getLogsRetryHelper.ts, drpc branch',
    limit: 10_000,
    stated: true,
    answer: () => ({ code: -32000, message: 'ranges over 10000 blocks are not supported on freetier' }),
  },
  {
    provider: 'QuickNode',
    source: '[ponder] quicknode.test.ts; [quicknode-errors] -32614',
    limit: 10_000,
    stated: true,
    answer: () => ({ code: -32614, message: 'eth_getLogs is limited to a 10,000 range' }),
  },
  {
    provider: 'QuickNode (HTTP 413)',
    source: '[quicknode-errors] 413 Request Entity Too Large',
    limit: 10_000,
    stated: true,
    status: 413,
    answer: () => ({
      code: -32602,
      message: 'eth_getLogs and eth_newFilter are limited to a 10,000 blocks range',
    }),
  },
  {
    provider: 'QuickNode (free trial, 5 blocks)',
    source: '[quicknode-errors]; eth_getLogs docs: 5 blocks on the free trial',
    limit: 5,
    stated: true,
    answer: () => ({ code: -32614, message: 'eth_getLogs is limited to a 5 range' }),
  },
  {
    provider: '1RPC',
    source: '[ponder] 1rpc.test.ts',
    limit: 1_000,
    stated: true,
    answer: () => ({ code: -32000, message: 'eth_getLogs is limited to a 1000 blocks range' }),
  },
  {
    provider: 'BlockPI',
    source: '[ponder] blockpi.test.ts',
    limit: 1_024,
    stated: true,
    answer: () => ({ code: -32602, message: 'eth_getLogs is limited to 1024 block range' }),
  },
  {
    provider: 'Cloudflare',
    source: '[ponder] cloudflare.test.ts',
    limit: 800,
    stated: true,
    answer: () => ({ code: -32000, message: 'Max range: 800' }),
  },
  {
    provider: 'Avalanche (public)',
    source: '[ponder] avalanche.test.ts',
    limit: 2_048,
    stated: true,
    answer: (from, to) => ({
      code: -32000,
      message: `requested too many blocks from ${from} to ${to}, maximum is set to 2048`,
    }),
  },
  {
    provider: 'publicnode',
    source: '[ponder] publicnode.test.ts',
    limit: 50_000,
    stated: true,
    answer: () => ({ code: -32000, message: 'exceed maximum block range: 50000' }),
  },
  {
    provider: 'Alchemy (free tier span cap)',
    source: '[envio] "Alchemy\'s block range"',
    limit: 500,
    stated: true,
    answer: (from) => ({
      code: -32600,
      message: `You can make eth_getLogs requests with up to a 500 block range. Based on your parameters, this block range should work: [${hex(from)}, ${hex(from + 499n)}]`,
    }),
  },
  {
    provider: 'Ankr',
    source: '[ponder] getLogsRetryHelper.ts, ankr branch (-32600, 3,000 blocks)',
    limit: 3_000,
    stated: true,
    answer: () => ({ code: -32600, message: 'block range is too wide' }),
  },
  {
    provider: 'Ankr (TAC)',
    source: '[ponder] ankr-tac.test.ts',
    limit: 10_000,
    stated: true,
    answer: () => ({ code: -32000, message: 'maximum [from, to] blocks distance: 10000' }),
  },
  {
    provider: 'Hyperliquid',
    source: '[ponder] hyperliquid.test.ts',
    limit: 50,
    stated: true,
    answer: () => ({ code: -32000, message: 'query exceeds max block range 50' }),
  },
  {
    provider: 'Merkle',
    source: '[ponder] merkle.test.ts',
    limit: 1_000,
    stated: true,
    answer: () => ({ code: -32000, message: 'eth_getLogs range is too large, max is 1k blocks' }),
  },
  {
    provider: 'Blast (paid)',
    source: '[ponder] getLogsRetryHelper.ts, blast branch',
    limit: 3_000,
    stated: true,
    answer: (from, to) => ({
      code: -32000,
      message: `exceeds the range allowed for your plan (${to - from + 1n} > 3000)`,
    }),
  },
  {
    provider: 'Moonriver',
    source: '[ponder] moonriver.test.ts',
    limit: 1_024,
    stated: true,
    answer: () => ({ code: -32603, message: 'block range is too wide (maximum 1024)' }),
  },
  {
    provider: 'Sei',
    source: '[envio] "evm-rpc.sei-apis.com\'s max-allowed-blocks"',
    limit: 1_000,
    stated: true,
    answer: (from, to) => ({
      code: -32000,
      message: `block range too large (${to - from + 1n}), maximum allowed is 1000 blocks`,
    }),
  },
  {
    provider: 'Harmony',
    source: '[ponder] harmony.test.ts',
    limit: 1_024,
    stated: true,
    answer: () => ({ code: -32000, message: 'query must be smaller than size 1024' }),
  },
  {
    provider: 'Swell',
    source: '[ponder] swell.test.ts',
    limit: 1_000,
    stated: true,
    answer: () => ({ code: -32000, message: 'block range greater than 1000 max' }),
  },
  {
    provider: 'Tron',
    source: '[ponder] tron.test.ts',
    limit: 5_000,
    stated: true,
    answer: () => ({ code: -32000, message: 'exceed max block range: 5000' }),
  },
  {
    provider: 'Somnia',
    source: '[ponder] somnia.test.ts',
    limit: 1_000,
    stated: true,
    answer: () => ({ code: -32000, message: 'block range exceeds 1000' }),
  },
  {
    provider: 'Nexus public-node front',
    source: '[nexus-front]',
    limit: 2_000,
    stated: true,
    answer: () => ({ code: -32005, message: 'block range exceeds 2000' }),
  },
  {
    provider: 'Chainstack',
    source: '[ponder] chainstack.test.ts (100 blocks on the free plan)',
    limit: 100,
    stated: false,
    answer: () => ({ code: -32602, message: 'Block range limit exceeded.' }),
  },
  {
    provider: 'Optimism (public)',
    source: '[ponder] optimism.test.ts',
    limit: 2_000,
    stated: false,
    answer: () => ({ code: -32000, message: 'Block range is too large' }),
  },
  {
    provider: 'Base (public)',
    source: '[ponder] getLogsRetryHelper.ts, base branch',
    limit: 2_000,
    stated: false,
    answer: () => ({ code: -32000, message: 'block range too large' }),
  },
  {
    provider: 'Altitude',
    source: '[ponder] altitude.test.ts',
    limit: 1_000,
    stated: false,
    answer: () => ({ code: -32000, message: 'allowed block range threshold exceeded' }),
  },
];

/**
 * A node's refusal of a range holding more than `limit` logs, for the call [from, to]; `fits` is
 * the last block from `from` whose logs stay within the limit (what a suggesting node names).
 */
export interface ResultRefusalRow {
  provider: string;
  source: string;
  /** The refusal names the range to ask instead. */
  suggests: boolean;
  answer: (from: bigint, to: bigint, fits: bigint) => JsonRpcErrorBody;
}

export const RESULT_REFUSALS: ResultRefusalRow[] = [
  {
    provider: 'Infura',
    source: '[ethers-4703] (code -32005, data {from, to, limit}); [ponder] infura.test.ts',
    suggests: true,
    answer: (from, _to, fits) => ({
      code: -32005,
      message: `query returned more than 10000 results. Try with this block range [${HEX(from)}, ${HEX(fits)}].`,
      data: { from: HEX(from), limit: 10000, to: HEX(fits) },
    }),
  },
  {
    provider: 'Infura (range in data only)',
    source: '[ethers-4703] data {from, to, limit}',
    suggests: true,
    answer: (from, _to, fits) => ({
      code: -32005,
      message: 'query returned more than 10000 results',
      data: { from: hex(from), limit: 10000, to: hex(fits) },
    }),
  },
  {
    provider: 'Alchemy',
    source: '[ethers-4703]; [ponder] alchemy.test.ts',
    suggests: true,
    answer: (from, _to, fits) => ({
      code: -32602,
      message: `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [${hex(from)}, ${hex(fits)}]`,
    }),
  },
  {
    provider: 'reth / Erigon (llamarpc, Arc)',
    source: '[envio] "an unknown provider\'s suggested range"',
    suggests: true,
    answer: (from, _to, fits) => ({
      code: -32602,
      message: `query exceeds max results 20000, retry with the range ${from}-${fits}`,
    }),
  },
  {
    provider: 'llamarpc',
    source: '[ponder] llamarpc.test.ts',
    suggests: false,
    answer: () => ({ code: -32602, message: 'query exceeds max results 20000' }),
  },
  {
    provider: 'Ankr',
    source: '[ponder] ankr.test.ts',
    suggests: false,
    answer: () => ({ code: -32000, message: 'query exceeds max results 10000' }),
  },
  {
    provider: 'Arbitrum (public)',
    source: '[ponder] arbitrum.test.ts',
    suggests: false,
    answer: () => ({ code: -32000, message: 'logs matched by query exceeds limit of 10000' }),
  },
  {
    provider: 'Polygon zkEVM / geth',
    source: '[ponder] zkevm.test.ts',
    suggests: false,
    answer: () => ({ code: -32005, message: 'query returned more than 10000 results' }),
  },
  {
    provider: '1RPC (response size)',
    source: '[ponder] getLogsRetryHelper.ts, 1rpc branch',
    suggests: false,
    answer: () => ({ code: -32000, message: 'response size should not greater than 10000000 bytes' }),
  },
  {
    provider: 'Optimism (response size)',
    source: '[ponder] getLogsRetryHelper.ts, optimism branch',
    suggests: false,
    answer: () => ({ code: -32000, message: 'backend response too large' }),
  },
];

/** Throttling and quota answers: `retry` says whether asking again after a pause is right. */
export interface ThrottleRow {
  provider: string;
  source: string;
  status: number;
  headers?: Record<string, string>;
  body: JsonRpcErrorBody | string;
  kind: 'rate' | 'quota';
}

export const THROTTLES: ThrottleRow[] = [
  {
    provider: 'Infura (credits per second)',
    source: '[infura-rate]',
    status: 429,
    body: {
      code: -32005,
      message: 'project ID request rate exceeded',
      data: {
        see: 'https://infura.io/docs/ethereum/jsonrpc/ratelimits',
        current_rps: 13.333,
        allowed_rps: 10.0,
        backoff_seconds: 0,
      },
    },
    kind: 'rate',
  },
  {
    provider: 'a provider answering 200 with -32005',
    source: 'EIP-1474 -32005 "Limit exceeded"; issue 22',
    status: 200,
    body: { code: -32005, message: 'Rate limit exceeded' },
    kind: 'rate',
  },
  {
    provider: 'QuickNode (credits per second)',
    source: '[quicknode-credits]',
    status: 200,
    body: { code: -32012, message: 'credits limited to 6000/sec' },
    kind: 'rate',
  },
  {
    provider: 'QuickNode (requests per second)',
    source: '[quicknode-errors] -32007',
    status: 200,
    body: {
      code: -32007,
      message:
        '100/second request limit reached - reduce calls per second or upgrade your account at quicknode.com',
    },
    kind: 'rate',
  },
  {
    provider: 'a provider answering 200 with -32029',
    source: 'issue 22 (-32029 Too Many Requests)',
    status: 200,
    body: { code: -32029, message: 'Too Many Requests' },
    kind: 'rate',
  },
  {
    provider: 'Alchemy (compute units per second)',
    source: '[alchemy-throughput]',
    status: 429,
    body: {
      code: 429,
      message:
        'Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message. If not, check out https://docs.alchemy.com/reference/throughput',
    },
    kind: 'rate',
  },
  {
    provider: 'a public node (HTTP 429, Retry-After)',
    source: '[nexus-front]; RFC 9110 Retry-After',
    status: 429,
    headers: { 'Retry-After': '0' },
    body: 'Too Many Requests',
    kind: 'rate',
  },
  {
    provider: 'a public node (HTTP 429, no Retry-After)',
    source: '[quicknode-errors] 429 Too Many Requests',
    status: 429,
    body: 'Too Many Requests',
    kind: 'rate',
  },
  {
    provider: 'Infura (daily quota)',
    source: '[infura-rate]',
    status: 429,
    body: { code: -32005, message: 'daily request count exceeded, request rate limited' },
    kind: 'quota',
  },
  {
    provider: 'Alchemy (monthly quota)',
    source: '[ethers-5071]',
    status: 429,
    body: {
      code: 429,
      message:
        'Monthly capacity limit exceeded. Visit https://dashboard.alchemy.com/settings/billing to upgrade your scaling policy for continued service.',
    },
    kind: 'quota',
  },
];
