import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { cidV0, cidV1 } from './cid.util.js';

/**
 * What one token's metadata host does, as mainnet hosts do: answer well (plain JSON, with a BOM,
 * with comments and trailing commas, with an animation, with a 20 MB image), slowly (2–20 s),
 * with 429 and Retry-After, with an HTML error page and status 200, through a redirect (to another
 * public host, or to a private address), or through IPFS gateways (CIDv0 and CIDv1 directories,
 * and a CID no gateway has: they never answer).
 */
export type MessyKind =
  | 'plain'
  | 'bom'
  | 'jsonc'
  | 'anim-mp4'
  | 'anim-glb'
  | 'anim-html'
  | 'big-image'
  | 'ipfs-v0'
  | 'ipfs-v1'
  | 'slow-2s'
  | 'slow-5s'
  | 'slow-12s'
  | 'slow-20s'
  | 'throttled'
  | 'html'
  | 'redirect-public'
  | 'redirect-private'
  | 'ipfs-missing';

/** Tokens per hundred of each kind: 10 % on slow hosts, the rest as a messy mainnet collection. */
export const MESSY_SHARES: Readonly<Record<MessyKind, number>> = {
  plain: 35,
  bom: 8,
  jsonc: 8,
  'anim-mp4': 2,
  'anim-glb': 2,
  'anim-html': 2,
  'big-image': 5,
  'ipfs-v0': 10,
  'ipfs-v1': 10,
  'slow-2s': 3,
  'slow-5s': 2,
  'slow-12s': 2,
  'slow-20s': 3,
  throttled: 3,
  html: 2,
  'redirect-public': 1,
  'redirect-private': 1,
  'ipfs-missing': 1,
};

/** Residue `id % 100` → kind, the kinds spread over the hundred (37 is prime to 100). */
const KIND_BY_RESIDUE: readonly MessyKind[] = (() => {
  const ordered = (Object.entries(MESSY_SHARES) as Array<[MessyKind, number]>).flatMap(([kind, count]) =>
    Array<MessyKind>(count).fill(kind),
  );
  if (ordered.length !== 100) throw new Error(`MESSY_SHARES adds up to ${ordered.length}, not 100`);
  const spread = new Array<MessyKind>(100);
  ordered.forEach((kind, i) => (spread[(i * 37) % 100] = kind));
  return spread;
})();

export function messyKindOf(tokenId: number | bigint): MessyKind {
  return KIND_BY_RESIDUE[Number(BigInt(tokenId) % 100n)]!;
}

/** The hosts, one port each from `firstPort`, in this order; the private listener comes after. */
const HOSTS = [
  'fast',
  'media',
  'slow-2s',
  'slow-5s',
  'slow-12s',
  'slow-20s',
  'throttled',
  'html',
  'redirect',
  'ipfs-a',
  'ipfs-b',
] as const;
export type MessyHostName = (typeof HOSTS)[number];
type HostName = MessyHostName;

function zeroPerHost(): Record<HostName, number> {
  return Object.fromEntries(HOSTS.map((h) => [h, 0])) as Record<HostName, number>;
}

const SLOW_DELAYS_MS: Readonly<Record<string, number>> = {
  'slow-2s': 2_000,
  'slow-5s': 5_000,
  'slow-12s': 12_000,
  'slow-20s': 20_000,
};

export interface MessyMetadataOptions {
  /** The first of the 12 ports (11 hosts on `host`, then the private listener). */
  firstPort: number;
  /** Where the hosts listen (default 127.0.0.1). */
  host?: string;
  /**
   * A loopback address Nexus must never connect to (default 127.0.0.2): the target of the private
   * redirect. Only `allowedHosts` may be private, and it is not among them.
   */
  privateHost?: string;
  /** Requests the throttling host answers per second; 429 with Retry-After: 1 beyond (default 10). */
  throttlePerSecond?: number;
  /** Size of the big images (default 20 MB). */
  bigImageBytes?: number;
  collectionName?: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The metadata hosts of a messy collection, all on one machine: distinct ports stand for distinct
 * host names (Nexus keys its per-host failure memory by host and port). List `allowedHosts` in
 * METADATA_ALLOWED_HOSTS and `ipfsGateways` in IPFS_GATEWAYS; the contract's token URIs are
 * `baseUris()[id % 100] + id` (NexusHostSpread721).
 */
export class MessyMetadataServer {
  /** Connections the private listener accepted: Nexus must make none. */
  privateConnections = 0;
  /** Requests per host. */
  readonly requests = zeroPerHost();
  /** Answers per host that were sent whole (a client that gave up on a slow host gets none). */
  readonly answered = zeroPerHost();
  readonly metadataCidV0: string;
  readonly metadataCidV1: string;
  readonly missingCid: string;
  private readonly servers: Server[] = [];
  private privateServer: TcpServer | null = null;
  private readonly host: string;
  private readonly privateHost: string;
  private readonly throttlePerSecond: number;
  private readonly bigImageBytes: number;
  private readonly name: string;
  private throttleWindow = { second: 0, count: 0 };
  private bigImage: Buffer | null = null;

  private constructor(private readonly options: MessyMetadataOptions) {
    this.host = options.host ?? '127.0.0.1';
    this.privateHost = options.privateHost ?? '127.0.0.2';
    this.throttlePerSecond = options.throttlePerSecond ?? 10;
    this.bigImageBytes = options.bigImageBytes ?? 20 * 1024 * 1024;
    this.name = options.collectionName ?? 'Nexus Wilds';
    this.metadataCidV0 = cidV0(`${this.name} metadata v0`);
    this.metadataCidV1 = cidV1(`${this.name} metadata v1`);
    this.missingCid = cidV1(`${this.name} never pinned`);
  }

  /** The hosts' addresses and URIs without listening (another process serves them). */
  static describe(options: MessyMetadataOptions): MessyMetadataServer {
    return new MessyMetadataServer(options);
  }

  static async start(options: MessyMetadataOptions): Promise<MessyMetadataServer> {
    const server = new MessyMetadataServer(options);
    try {
      await server.listen();
    } catch (error) {
      await server.close();
      throw error;
    }
    return server;
  }

  origin(host: HostName): string {
    return `http://${this.host}:${this.options.firstPort + HOSTS.indexOf(host)}`;
  }

  /** `host:port` of every host Nexus may fetch from (METADATA_ALLOWED_HOSTS); not the private one. */
  get allowedHosts(): string[] {
    return HOSTS.map((h) => `${this.host}:${this.options.firstPort + HOSTS.indexOf(h)}`);
  }

  /** Two gateways, as IPFS_GATEWAYS lists them. */
  get ipfsGateways(): string[] {
    return [`${this.origin('ipfs-a')}/ipfs/`, `${this.origin('ipfs-b')}/ipfs/`];
  }

  get privateOrigin(): string {
    return `http://${this.privateHost}:${this.options.firstPort + HOSTS.length}`;
  }

  /** The base URI of each residue `id % 100`. */
  baseUris(): string[] {
    return KIND_BY_RESIDUE.map((kind) => this.baseUri(kind));
  }

  baseUri(kind: MessyKind): string {
    switch (kind) {
      case 'ipfs-v0':
        return `ipfs://${this.metadataCidV0}/`;
      case 'ipfs-v1':
        return `ipfs://${this.metadataCidV1}/`;
      case 'ipfs-missing':
        return `ipfs://${this.missingCid}/`;
      case 'slow-2s':
      case 'slow-5s':
      case 'slow-12s':
      case 'slow-20s':
      case 'throttled':
      case 'html':
        return `${this.origin(kind)}/token/`;
      case 'redirect-public':
        return `${this.origin('redirect')}/public/`;
      case 'redirect-private':
        return `${this.origin('redirect')}/private/`;
      default:
        return `${this.origin('fast')}/${kind}/`;
    }
  }

  async close(): Promise<void> {
    const closing = this.servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    if (this.privateServer) {
      const tcp = this.privateServer;
      closing.push(new Promise<void>((resolve) => tcp.close(() => resolve())));
    }
    await Promise.all(closing);
  }

  private async listen(): Promise<void> {
    for (const [index, name] of HOSTS.entries()) {
      const server = createServer((request, response) => {
        this.requests[name] += 1;
        response.on('finish', () => (this.answered[name] += 1));
        this.answer(name, request, response);
      });
      this.servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.options.firstPort + index, this.host, () => resolve());
      });
    }
    const tcp = createTcpServer((socket) => {
      this.privateConnections += 1;
      socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n{"name":"private"}');
    });
    this.privateServer = tcp;
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(this.options.firstPort + HOSTS.length, this.privateHost, () => resolve());
    });
  }

  private metadata(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      name: `${this.name} #${id}`,
      description: `A token of ${this.name}, whose metadata hosts behave like mainnet's.`,
      image: `${this.origin('media')}/image/${id}.svg`,
      attributes: [
        { trait_type: 'Host', value: messyKindOf(BigInt(id)) },
        { trait_type: 'Parity', value: BigInt(id) % 2n === 0n ? 'Even' : 'Odd' },
      ],
      ...extra,
    };
  }

  private answer(host: HostName, request: IncomingMessage, response: ServerResponse): void {
    const path = (request.url ?? '/').split('?')[0]!;
    const id = /\/(\d{1,30})(?:\.json)?$/.exec(path)?.[1];
    const sendJson = (body: string): void => {
      response.writeHead(200, { 'content-type': JSON_TYPE }).end(body);
    };
    switch (host) {
      case 'fast':
        return this.answerFast(path, id, sendJson, response);
      case 'media':
        return this.answerMedia(path, response);
      case 'slow-2s':
      case 'slow-5s':
      case 'slow-12s':
      case 'slow-20s': {
        if (!id) return void response.writeHead(404).end();
        const timer = setTimeout(() => sendJson(JSON.stringify(this.metadata(id))), SLOW_DELAYS_MS[host]);
        response.on('close', () => clearTimeout(timer));
        return;
      }
      case 'throttled': {
        const second = Math.floor(Date.now() / 1000);
        if (this.throttleWindow.second !== second) this.throttleWindow = { second, count: 0 };
        if (++this.throttleWindow.count > this.throttlePerSecond) {
          return void response.writeHead(429, { 'retry-after': '1' }).end('Too Many Requests');
        }
        return id ? sendJson(JSON.stringify(this.metadata(id))) : void response.writeHead(404).end();
      }
      case 'html':
        return void response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><p>cloudflare</p></body></html>');
      case 'redirect': {
        if (!id) return void response.writeHead(404).end();
        const location = path.startsWith('/private/')
          ? `${this.privateOrigin}/token/${id}`
          : `${this.origin('fast')}/plain/${id}`;
        return void response.writeHead(302, { location }).end();
      }
      case 'ipfs-a':
      case 'ipfs-b': {
        const match = /^\/ipfs\/([^/]+)\/(\d{1,30})$/.exec(path);
        // The CID no node has: a gateway searches the network until the client gives up.
        if (match?.[1] === this.missingCid) return;
        const known = match && (match[1] === this.metadataCidV0 || match[1] === this.metadataCidV1);
        // Other CIDs (the dev gateway's, raced beside these in the dev world) are not here.
        if (!known) return void response.writeHead(404).end();
        return sendJson(JSON.stringify(this.metadata(match[2]!)));
      }
    }
  }

  private answerFast(
    path: string,
    id: string | undefined,
    sendJson: (body: string) => void,
    response: ServerResponse,
  ): void {
    const kind = path.split('/')[1] as MessyKind;
    if (!id) return void response.writeHead(404).end();
    const media = this.origin('media');
    switch (kind) {
      case 'plain':
        return sendJson(JSON.stringify(this.metadata(id)));
      case 'bom':
        return sendJson(`\uFEFF${JSON.stringify(this.metadata(id), null, 2)}`);
      case 'jsonc':
        return sendJson(
          `// generated by the minting script\n{\n  "name": "${this.name} #${id}", /* display name */\n` +
            `  "image": "${media}/image/${id}.svg",\n` +
            `  "attributes": [\n    {"trait_type": "Host", "value": "jsonc"},\n  ],\n}\n`,
        );
      case 'anim-mp4':
        return sendJson(JSON.stringify(this.metadata(id, { animation_url: `${media}/animation/${id}.mp4` })));
      case 'anim-glb':
        return sendJson(JSON.stringify(this.metadata(id, { animation_url: `${media}/animation/${id}.glb` })));
      case 'anim-html':
        return sendJson(
          JSON.stringify(this.metadata(id, { animation_url: `${media}/animation/${id}.html` })),
        );
      case 'big-image':
        return sendJson(JSON.stringify(this.metadata(id, { image: `${media}/big/${id}.png` })));
      default:
        return void response.writeHead(404).end();
    }
  }

  private answerMedia(path: string, response: ServerResponse): void {
    if (path.startsWith('/image/')) {
      return void response
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end(
          '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
        );
    }
    if (path.startsWith('/big/')) {
      // A 20 MB PNG: the signature, then zeros (only its size matters).
      this.bigImage ??= Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(this.bigImageBytes - 8),
      ]);
      return void response
        .writeHead(200, { 'content-type': 'image/png', 'content-length': this.bigImage.length })
        .end(this.bigImage);
    }
    const types: Record<string, string> = { mp4: 'video/mp4', glb: 'model/gltf-binary', html: 'text/html' };
    const extension = /\.(mp4|glb|html)$/.exec(path)?.[1];
    if (path.startsWith('/animation/') && extension) {
      return void response.writeHead(200, { 'content-type': types[extension]! }).end('animation');
    }
    response.writeHead(404).end();
  }
}
