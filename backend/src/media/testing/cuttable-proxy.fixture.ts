import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** A loopback TCP proxy to a real server that a test can cut in the middle of a transfer. */
export interface CuttableProxy {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Once `bytes` more were sent upstream, every open connection is reset (new ones pass again). */
  cutAfter(bytes: number): void;
  /** How many times the proxy cut. */
  readonly cuts: number;
  /** Bytes sent upstream so far. */
  readonly forwarded: number;
  close(): Promise<void>;
}

export async function startCuttableProxy(upstream: URL): Promise<CuttableProxy> {
  const open = new Set<Socket>();
  let budget: number | null = null;
  let cuts = 0;
  let forwarded = 0;
  const cut = (): void => {
    budget = null;
    cuts += 1;
    for (const socket of open) socket.resetAndDestroy();
  };
  const server = createServer((client) => {
    const target = connect(Number(upstream.port), upstream.hostname);
    for (const socket of [client, target]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('data', (chunk: Buffer) => {
      if (budget !== null) {
        budget -= chunk.length;
        if (budget < 0) return cut();
      }
      forwarded += chunk.length;
      target.write(chunk);
    });
    target.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('end', () => target.end());
    target.on('end', () => client.end());
    client.on('close', () => target.destroy());
    target.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    cutAfter(bytes) {
      budget = bytes;
    },
    get cuts() {
      return cuts;
    },
    get forwarded() {
      return forwarded;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
