import { collectAnswer, throttling } from './rpc-errors.util.js';

/** An inclusive block range. */
export interface BlockRange {
  from: bigint;
  to: bigint;
}

/**
 * Why a node refused one eth_getLogs call, as far as its answer says:
 * - `span`: the node caps the blocks one call may cover, whatever they hold (`maxSpan` when it
 *   says how many; null when it only says "too wide"): a fact about the node, remembered for every
 *   later query;
 * - `results`: the range held more logs (or bytes, or work: a query that timed out) than the node
 *   returns at once: a fact about this
 *   range of this query, never about the node; `suggested` is the range the node says would pass.
 */
export type LogRefusal =
  | { kind: 'span'; maxSpan: bigint | null; suggested: BlockRange | null }
  | { kind: 'results'; suggested: BlockRange | null };

/** A count as providers write it: "10000", "10,000", "10.000", "2K", "10k". */
function count(text: string): bigint | null {
  const match = /^([\d][\d,.]*)\s*([kK])?$/.exec(text.trim());
  if (!match) return null;
  const digits = match[1]!.replace(/[,.]/g, '');
  if (digits.length === 0 || digits.length > 12) return null;
  const value = BigInt(digits) * (match[2] ? 1000n : 1n);
  return value > 0n ? value : null;
}

const N = String.raw`(\d[\d,.]*\s*[kK]?)`;

/**
 * Refusals of a range for the number of logs (or bytes) it holds, never for its span. Checked first:
 * Alchemy's result refusal also names a block range ("up to a 2K block range and no limit on the
 * response size"), which is an alternative, not a cap.
 */
const RESULT_REFUSALS: RegExp[] = [
  // Infura, Polygon zkEVM, geth: `query returned more than 10000 results. Try with this block range [0x…, 0x…].`
  /query returned more than \d+ results/i,
  // reth, Erigon, llamarpc, Ankr, Hyperliquid: `query exceeds max results 20000, retry with the range A-B`
  /exceeds? max results/i,
  // Alchemy: `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range …`
  /log response size exceeded/i,
  // Arbitrum (Nitro): `logs matched by query exceeds limit of 10000`
  /logs matched by query exceeds limit/i,
  // 1RPC: `response size should not greater than 10000000 bytes`
  /response size should not (be )?greater than/i,
  // Optimism (proxyd): `backend response too large`
  /response (is )?too (large|big)|response size (exceeded|too large|limit)/i,
  /too many (results|logs)|more than \d+ (results|logs)/i,
  // Base (proxyd) on a heavy range: `no backend is currently healthy to serve traffic`
  /no backend is currently healthy/i,
  // A wide query the node gave up on, for the work its logs took (QuickNode, Chainstack, Erigon
  // `query timeout exceeded`, BlockPI `request timed out`, Nethermind `execution timeout`): narrower
  // blocks pass, and how many depends on their density, not on the node.
  /query time ?out|execution time ?out|request timed out|timed out|deadline exceeded/i,
];

/** Span caps a node states, with the number of blocks one call may cover. */
const STATED_SPANS: Array<{ pattern: RegExp; blocks: (n: bigint) => bigint }> = [
  // thirdweb: `Maximum allowed number of requested blocks is 1000`
  { pattern: new RegExp(`maximum allowed number of requested blocks is ${N}`, 'i'), blocks: (n) => n },
  // Coinbase (Base node): `please limit the query to at most 1000 blocks`
  { pattern: new RegExp(`limit the query to at most ${N} blocks`, 'i'), blocks: (n) => n },
  // dRPC free tier: `ranges over 10000 blocks are not supported on freetier`
  { pattern: new RegExp(`ranges over ${N} blocks are not supported`, 'i'), blocks: (n) => n },
  // Avalanche: `requested too many blocks from 1 to 3000, maximum is set to 2048`
  { pattern: new RegExp(`maximum is set to ${N}`, 'i'), blocks: (n) => n },
  // Cloudflare: `Max range: 800`
  { pattern: new RegExp(`max range: ${N}`, 'i'), blocks: (n) => n },
  // Blast (paid): `exceeds the range allowed for your plan (5000 > 3000)`
  { pattern: new RegExp(`range allowed for your plan \\(\\d+ > ${N}\\)`, 'i'), blocks: (n) => n },
  // Moonbeam / Moonriver: `block range is too wide (maximum 1024)`
  { pattern: new RegExp(`too wide \\(max(?:imum)? ${N}\\)`, 'i'), blocks: (n) => n },
  // Sei: `block range too large (2000), maximum allowed is 1000 blocks`
  { pattern: new RegExp(`maximum allowed is ${N} blocks`, 'i'), blocks: (n) => n },
  // Merkle: `eth_getLogs range is too large, max is 1k blocks`
  { pattern: new RegExp(`max is ${N} blocks`, 'i'), blocks: (n) => n },
  // Ankr (TAC): `maximum [from, to] blocks distance: 10000`
  { pattern: new RegExp(`blocks distance: ${N}`, 'i'), blocks: (n) => n },
  // QuickNode: `eth_getLogs is limited to a 10,000 range` (-32614) and, on HTTP 413,
  // `eth_getLogs and eth_newFilter are limited to a 10,000 blocks range`; 1RPC: `… limited to a 1000 blocks range`
  { pattern: new RegExp(`limited to a ${N}(?: blocks?)? range`, 'i'), blocks: (n) => n },
  // BlockPI: `eth_getLogs is limited to 1024 block range`
  { pattern: new RegExp(`limited to ${N} blocks?(?: range)?`, 'i'), blocks: (n) => n },
  // Alchemy (free tier span cap), Aurora: `… requests with up to a 500 block range. Based on your parameters, this block range should work: [0x…, 0x…]`
  { pattern: new RegExp(`up to a ${N} block range`, 'i'), blocks: (n) => n },
  // publicnode, geth / erigon style, Hyperliquid, Tron: `exceed maximum block range: 50000`,
  // `query exceeds max block range 1000`, `exceed max block range: 5000`, `maximum block range: 2000`
  { pattern: new RegExp(`max(?:imum)? block range:? ${N}`, 'i'), blocks: (n) => n },
  // Swell: `block range greater than 1000 max`
  { pattern: new RegExp(`block range greater than ${N}`, 'i'), blocks: (n) => n },
  // Somnia, Nexus' own public-node front: `block range exceeds 2000`
  { pattern: new RegExp(`block range exceeds ${N}`, 'i'), blocks: (n) => n },
  // Harmony: `query must be smaller than size 1024`
  { pattern: new RegExp(`smaller than size ${N}`, 'i'), blocks: (n) => n },
  { pattern: new RegExp(`block range (?:is )?limited to ${N}`, 'i'), blocks: (n) => n },
  { pattern: new RegExp(`range limit(?: of)?:? ${N}`, 'i'), blocks: (n) => n },
];

/** Span refusals that do not say the cap. */
const UNSTATED_SPANS: RegExp[] = [
  // Ankr (3,000 blocks, -32600), public nodes: `block range is too wide`
  /block range (is )?too (wide|large|big|long)/i,
  // Base, Monad, Optimism: `block range too large`, `Block range is too large`; Arc: `requested range too large`
  /range (is )?too (wide|large|big|long)/i,
  // Chainstack: `Block range limit exceeded.`
  /block range limit exceeded/i,
  // Altitude: `allowed block range threshold exceeded`; eRPC: `range threshold exceeded`, `exceeded max allowed`
  /range threshold exceeded|exceeded max allowed/i,
  /exceeds? (the )?(max(imum)?|allowed) (block )?range/i,
  /(block )?range (exceeds|exceeded|is over)/i,
];

/** Ankr's documented eth_getLogs cap, for its bare `block range is too wide` (-32600). */
const ANKR_SPAN = 3_000n;

const SUGGESTED_HEX = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i;
const SUGGESTED_DECIMAL = /retry with the range (\d+)\s*-\s*(\d+)/i;

function suggestedRange(messages: string, data: unknown[]): BlockRange | null {
  const range = (from: bigint, to: bigint): BlockRange | null => (from <= to ? { from, to } : null);
  const hex = SUGGESTED_HEX.exec(messages);
  if (hex) return range(BigInt(hex[1]!), BigInt(hex[2]!));
  const decimal = SUGGESTED_DECIMAL.exec(messages);
  if (decimal) return range(BigInt(decimal[1]!), BigInt(decimal[2]!));
  // Infura also sends it as `data: {from, to, limit}`.
  for (const item of data) {
    const { from, to } = (item ?? {}) as { from?: unknown; to?: unknown };
    if (typeof from === 'string' && typeof to === 'string' && /^0x[0-9a-f]+$/i.test(from + to.slice(2))) {
      return range(BigInt(from), BigInt(to));
    }
  }
  return null;
}

/**
 * Reads a node's refusal of an eth_getLogs call: its span cap, or that the range held too many
 * logs, with the range it suggests where it suggests one. Null for anything else (throttling,
 * a bad request, a dead node), which is not the log scanner's to split.
 */
export function readLogRefusal(error: unknown): LogRefusal | null {
  const answer = collectAnswer(error);
  const messages = answer.messages;
  const suggested = suggestedRange(messages, answer.data);

  if (RESULT_REFUSALS.some((pattern) => pattern.test(messages))) {
    return { kind: 'results', suggested };
  }
  for (const { pattern, blocks } of STATED_SPANS) {
    const match = pattern.exec(messages);
    const stated = match ? count(match[1]!) : null;
    if (stated !== null) return { kind: 'span', maxSpan: blocks(stated), suggested };
  }
  if (/block range is too wide/i.test(messages) && answer.codes.includes(-32600)) {
    return { kind: 'span', maxSpan: ANKR_SPAN, suggested };
  }
  // A response-size cap (HTTP 413, a body past the client's limit) or a call that timed out on this
  // range: split for this scan, never remembered as the node's span.
  if (answer.tooLarge || answer.status === 413 || answer.timeout) return { kind: 'results', suggested };
  if (UNSTATED_SPANS.some((pattern) => pattern.test(messages))) {
    return { kind: 'span', maxSpan: null, suggested };
  }
  // Words no provider above uses yet, but a cap all the same ("… block range … too …", "… blocks
  // … exceed …"): halving costs a few calls, rethrowing a whole scan. Not a range past the head or
  // an invalid one, which no narrower call fixes.
  if (
    /\b(block ?range|blocks|range)\b/i.test(messages) &&
    /exceed|too (many|large|wide|big|long)|limit|max(imum)?\b|at most|not supported|greater than|over \d/i.test(
      messages,
    ) &&
    !/beyond|head block|invalid|must be (less|greater)|fromBlock.*toBlock|after/i.test(messages) &&
    throttling(error) === null
  ) {
    return { kind: 'span', maxSpan: null, suggested };
  }
  return null;
}
