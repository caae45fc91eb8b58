import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Address, Hex } from 'viem';
import { SafeHttpClient } from '../platform/outbound/index.js';
import { CcipGatewayError, guardedCcipRequest } from './ccip-read.request.js';

const SENDER: Address = '0xCE3478A9E0167a6Bc5716DC39DbbbfAc38F27623';
const DATA: Hex = '0x9061b923abcdef';

interface Seen {
  method: string;
  url: string;
  body: string;
}

/** An ERC-3668 gateway: `/get/{sender}/{data}.json`, `/post`, `/text/...`, `/junk/...`. */
async function gateway(): Promise<{ server: Server; base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const read = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const server = createServer((req, res) => {
    void read(req).then((body) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      if (req.url?.startsWith('/get/') || req.url === '/post') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: '0x1234' }));
      } else if (req.url?.startsWith('/text/')) {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('0xabcd\n');
      } else if (req.url?.startsWith('/junk/')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: 'nope' }));
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"unknown"}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}`, seen };
}

describe(guardedCcipRequest.name, () => {
  let local: Awaited<ReturnType<typeof gateway>>;
  let http: SafeHttpClient;
  const blocked: string[] = [];
  let guarded: SafeHttpClient;

  beforeAll(async () => {
    local = await gateway();
    http = new SafeHttpClient({ allowedHosts: [new URL(local.base).host], hostBreaker: false });
    guarded = new SafeHttpClient({ hostBreaker: false, onBlocked: (host) => blocked.push(host) });
  });

  afterAll(async () => {
    http.destroy();
    guarded.destroy();
    await new Promise((resolve) => local.server.close(resolve));
  });

  it('GETs a URL with {data}, the sender in lower case, and reads `data` of a JSON answer', async () => {
    const request = guardedCcipRequest(http);
    expect(
      await request({ data: DATA, sender: SENDER, urls: [`${local.base}/get/{sender}/{data}.json`] }),
    ).toBe('0x1234');
    expect(local.seen.at(-1)).toEqual({
      method: 'GET',
      url: `/get/${SENDER.toLowerCase()}/${DATA}.json`,
      body: '',
    });
  });

  it('POSTs {data, sender} to a URL without {data}', async () => {
    const request = guardedCcipRequest(http);
    expect(await request({ data: DATA, sender: SENDER, urls: [`${local.base}/post`] })).toBe('0x1234');
    const last = local.seen.at(-1)!;
    expect(last.method).toBe('POST');
    expect(JSON.parse(last.body)).toEqual({ data: DATA, sender: SENDER.toLowerCase() });
  });

  it('reads a plain-text answer, and tries the next URL after a failing one', async () => {
    const request = guardedCcipRequest(http);
    expect(
      await request({
        data: DATA,
        sender: SENDER,
        urls: [`${local.base}/missing/{data}`, `${local.base}/junk/{data}`, `${local.base}/text/{data}`],
      }),
    ).toBe('0xabcd');
    await expect(
      request({ data: DATA, sender: SENDER, urls: [`${local.base}/junk/{data}`] }),
    ).rejects.toThrow(CcipGatewayError);
  });

  it('refuses a gateway on a private address, tells onBlocked, and never connects', async () => {
    const before = local.seen.length;
    const request = guardedCcipRequest(guarded);
    const failure = request({ data: DATA, sender: SENDER, urls: [`${local.base}/get/{sender}/{data}.json`] });
    await expect(failure).rejects.toThrow(/is not a public address/);
    expect(blocked).toEqual(['127.0.0.1']);
    expect(local.seen.length).toBe(before);
  });
});
