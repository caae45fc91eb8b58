import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hex } from 'viem';
import { ensGatewayAnswer } from './ens-gateway.js';
import type { EnsPlan } from './ens.plan.js';
import {
  firstPlannedTokenId,
  hexId,
  imageFileName,
  tokenMetadata,
  tokenSvg,
  type CollectionPlan,
  type PlannedToken,
} from './seed.plan.js';

interface GatewayFile {
  contentType: string;
  body: string;
}

/** One IPFS "directory": answers the files under a CID, generated on demand. */
interface GatewayDirectory {
  resolve(path: string): GatewayFile | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const SVG_TYPE = 'image/svg+xml';

/**
 * Token id from a file name: `12`, `12.json`, `12.svg`, or the 64-digit hex form ERC-1155
 * clients substitute for `{id}` (with or without `.json`).
 */
function tokenIdOf(name: string, extension: '.json' | '.svg'): bigint | null {
  let stem = name;
  if (stem.endsWith(extension)) stem = stem.slice(0, -extension.length);
  else if (extension === '.svg') return null;
  if (/^[0-9a-f]{64}$/.test(stem)) return BigInt(`0x${stem}`);
  if (/^(0|[1-9][0-9]{0,30})$/.test(stem)) return BigInt(stem);
  return null;
}

/** A token of the collection by id: from a map of the listed ones, or made on demand. */
function tokenIndex(collection: CollectionPlan): { get(id: bigint): PlannedToken | undefined } {
  const generated = collection.generated;
  if (generated)
    return { get: (id) => (id <= BigInt(Number.MAX_SAFE_INTEGER) ? generated.token(Number(id)) : undefined) };
  return new Map(collection.tokens.map((token) => [BigInt(token.tokenId), token]));
}

/** The token a file of a gateway directory names (`<id><extension>`), if the collection has it. */
function tokenAt(
  tokens: ReturnType<typeof tokenIndex>,
  path: string,
  extension: '.json' | '.svg',
): PlannedToken | undefined {
  const id = tokenIdOf(path, extension);
  return id === null ? undefined : tokens.get(id);
}

function metadataDirectory(collection: CollectionPlan): GatewayDirectory {
  const tokens = tokenIndex(collection);
  return {
    resolve(path) {
      const token = tokenAt(tokens, path, '.json');
      return token
        ? { contentType: JSON_TYPE, body: JSON.stringify(tokenMetadata(collection, token)) }
        : null;
    },
  };
}

function imageDirectory(collection: CollectionPlan): GatewayDirectory {
  const tokens = tokenIndex(collection);
  return {
    resolve(path) {
      const token = tokenAt(tokens, path, '.svg');
      if (!token || imageFileName(collection, token.tokenId) !== path) return null;
      return { contentType: SVG_TYPE, body: tokenSvg(collection, token) };
    },
  };
}

/** A path the gateway must answer for this collection; used to recognise a running gateway. */
export function probePath(collection: CollectionPlan): string {
  const first = firstPlannedTokenId(collection);
  const file = collection.standard === 'ERC-1155' ? `${hexId(first)}.json` : String(first);
  return `/ipfs/${collection.metadataCid}/${file}`;
}

/**
 * Local IPFS-style gateway: `GET /ipfs/<cid>/<path>` for the dev collections' metadata and
 * images. Content is generated from the in-memory plan per request: 20,000 tokens never touch
 * the disk. Unknown CIDs (the broken-CID edge case) get an immediate 404, never a hang.
 * With ENS registered, also the offchain resolver's CCIP-Read gateway (ERC-3668):
 * `GET /ccip/<sender>/<data>.json` answers `{ "data": <signed response> }`.
 */
export class IpfsGateway {
  private readonly directories = new Map<string, GatewayDirectory>();
  private server: Server | null = null;
  private ens: EnsPlan | null = null;

  registerEns(ens: EnsPlan): void {
    this.ens = ens;
  }

  register(collection: CollectionPlan): void {
    this.directories.set(collection.metadataCid, metadataDirectory(collection));
    this.directories.set(collection.imageCid, imageDirectory(collection));
  }

  async listen(port: number, host = '127.0.0.1'): Promise<number> {
    const server = createServer((request, response) => this.handle(request, response));
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const headers: Record<string, string> = {
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...headers, 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, Allow: 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://gateway').pathname);
    } catch {
      response.writeHead(400, { ...headers, 'Content-Type': 'text/plain' }).end('bad path');
      return;
    }
    if (path === '/health') {
      response.writeHead(200, { ...headers, 'Content-Type': 'text/plain' }).end('ok');
      return;
    }
    const ccip = /^\/ccip\/(0x[0-9a-fA-F]{40})\/(0x(?:[0-9a-fA-F]{2})*)\.json$/.exec(path);
    if (ccip) {
      this.answerCcip(ccip[1]!, ccip[2] as Hex, headers, response);
      return;
    }
    const match = /^\/ipfs\/([a-z0-9]+)\/(.+)$/.exec(path);
    const file = match ? this.directories.get(match[1]!)?.resolve(match[2]!) : null;
    if (!file) {
      response.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const body = Buffer.from(file.body, 'utf8');
    response.writeHead(200, {
      ...headers,
      'Content-Type': file.contentType,
      'Content-Length': String(body.length),
      // Content-addressed: a CID's content never changes.
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: `"${match![1]}/${match![2]}"`,
      ...(file.contentType === SVG_TYPE
        ? { 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'" }
        : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }

  private answerCcip(
    sender: string,
    data: Hex,
    headers: Record<string, string>,
    response: ServerResponse,
  ): void {
    const answer = this.ens ? ensGatewayAnswer(this.ens, sender, data) : Promise.resolve(null);
    answer.then(
      (signed) => {
        const body = JSON.stringify(signed ? { data: signed } : { message: 'unknown sender or request' });
        response.writeHead(signed ? 200 : 404, { ...headers, 'Content-Type': JSON_TYPE }).end(body);
      },
      () => response.writeHead(500, { ...headers, 'Content-Type': JSON_TYPE }).end('{"message":"failed"}'),
    );
  }
}
