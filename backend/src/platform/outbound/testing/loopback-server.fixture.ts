import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LoopbackHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** An HTTP server on 127.0.0.1 with a random port that records what it was asked. */
export class LoopbackServer {
  /** Request paths in arrival order. */
  readonly requests: string[] = [];
  /** Requests whose client went away before the answer was complete. */
  abandoned = 0;

  private constructor(
    private readonly server: http.Server,
    readonly port: number,
  ) {}

  static async start(handler: LoopbackHandler): Promise<LoopbackServer> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sut = new LoopbackServer(server, (server.address() as AddressInfo).port);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      sut.requests.push(request.url ?? '');
      response.on('close', () => {
        if (!response.writableFinished) sut.abandoned++;
      });
      handler(request, response);
    });
    return sut;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The allowlist entry for this server. */
  get hostPort(): string {
    return `127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function sendJson(response: ServerResponse, body: unknown, contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  response.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = (): void => {
      if (condition()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('condition not met in time'));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

/** A tiny valid PNG (1x1). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
