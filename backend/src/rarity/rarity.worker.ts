/**
 * The API's rarity thread (worker_threads): reads, checks, fingerprints and ranks the large bodies of
 * POST /api/calculate-rarity, and ranks stored collections, so the request thread only moves bytes.
 * One message at a time, in order; see RarityThread for the protocol.
 */
import { parentPort } from 'node:worker_threads';
import type { RarityMethodName } from '@nexus/contract';
import { canonicalTokens } from './canonical-tokens.js';
import { exceedsJsonDepth } from '../platform/common/index.js';
import { rarityTokensProblem } from './rarity-tokens.validator.js';
import { RarityEngine } from './rarity.engine.js';
import type { CollectionAsk, RarityThreadReply, RarityThreadRequest } from './rarity-thread.protocol.js';
import type { RankedCollection } from './ranked-collection.js';
import type { RarityToken, TraitSummary } from './rarity.types.js';

const engine = new RarityEngine();
/** Stored collections ranked here, most recently used last: about a few MB each for 10,000 tokens. */
const RANKED_COLLECTIONS = 8;
const collections = new Map<string, { version: number; ranked: RankedCollection; summary?: TraitSummary }>();
/** Token sets read and waiting for the request thread's decision (rank or release), by request id. */
const held = new Map<number, RarityToken[]>();

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rank(tokens: RarityToken[], method: RarityMethodName) {
  const started = performance.now();
  const ranked = engine.rank(tokens, { method });
  const nftsJson = JSON.stringify(ranked.results());
  return { nftsJson, tokenCount: ranked.size, calculationTime: Math.round(performance.now() - started) };
}

function collection(id: number, ask: CollectionAsk): RarityThreadReply {
  let kept = collections.get(ask.key);
  if (!kept || kept.version < ask.version) {
    if (ask.tokens === undefined) return { id, type: 'collection', found: false };
    const tokens = JSON.parse(ask.tokens) as RarityToken[];
    kept = { version: ask.version, ranked: engine.rank(tokens, { method: ask.method }) };
  }
  // Most recently used last; the least recently used goes past the bound.
  collections.delete(ask.key);
  collections.set(ask.key, kept);
  if (collections.size > RANKED_COLLECTIONS) collections.delete(collections.keys().next().value!);
  if (ask.question.kind === 'traits') {
    kept.summary ??= kept.ranked.traitSummary();
    return { id, type: 'collection', found: true, summary: kept.summary };
  }
  return {
    id,
    type: 'collection',
    found: true,
    explanation: kept.ranked.explain(ask.question.tokenId) ?? null,
  };
}

function handle(message: RarityThreadRequest): RarityThreadReply {
  const { id } = message;
  switch (message.type) {
    case 'read': {
      const bytes = message.bytes;
      if (exceedsJsonDepth(bytes)) return { id, type: 'refused', reason: 'too-deep' };
      let body: unknown;
      try {
        body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
      } catch {
        return { id, type: 'refused', reason: 'malformed' };
      }
      if (!isObject(body)) return { id, type: 'refused', reason: 'not-object' };
      // Own keys only, sent as JSON text: a `__proto__` key stays a field, for validation to refuse.
      const fields: Record<string, unknown> = {};
      for (const key of Object.keys(body)) {
        if (key !== 'nfts') Object.defineProperty(fields, key, { value: body[key], enumerable: true });
      }
      const hasNfts = Object.hasOwn(body, 'nfts');
      const problem = hasNfts ? rarityTokensProblem(body.nfts) : null;
      if (!hasNfts || problem !== null) {
        return { id, type: 'read', fields: JSON.stringify(fields), hasNfts, problem, hash: null };
      }
      const { tokens, hash } = canonicalTokens(body.nfts as RarityToken[]);
      held.set(id, tokens);
      return { id, type: 'read', fields: JSON.stringify(fields), hasNfts, problem: null, hash };
    }
    case 'rank': {
      const tokens = held.get(message.read);
      held.delete(message.read);
      if (!tokens) return { id, type: 'failed', message: `no token set read under ${message.read}` };
      return { id, type: 'ranked', ...rank(tokens, message.method) };
    }
    case 'rank-tokens':
      return { id, type: 'ranked', ...rank(message.tokens, message.method) };
    case 'rank-json':
      return { id, type: 'ranked', ...rank(JSON.parse(message.tokens) as RarityToken[], message.method) };
    case 'release':
      held.delete(message.read);
      return { id, type: 'released' };
    case 'collection':
      return collection(id, message);
  }
}

parentPort!.on('message', (message: RarityThreadRequest) => {
  let reply: RarityThreadReply;
  try {
    reply = handle(message);
  } catch (error) {
    reply = {
      id: message.id,
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  parentPort!.postMessage(reply);
});
