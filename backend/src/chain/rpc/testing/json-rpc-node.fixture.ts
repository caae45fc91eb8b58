import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a test node sends back: a JSON body (or plain text when `body` is a string), 200 unless told. */
export interface RpcReply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** A JSON-RPC call as a node receives it. */
export interface RpcCall {
  id: number;
  method: string;
  params: unknown[];
}

export interface JsonRpcNode {
  url: string;
  close(): Promise<void>;
}

/**
 * A JSON-RPC node on 127.0.0.1 with a random port: `answer` gets each request's parsed body (one
 * call, or an array for a batch) and says what to send back.
 */
export async function jsonRpcNode(
  answer: (body: RpcCall | RpcCall[]) => RpcReply | Promise<RpcReply>,
): Promise<JsonRpcNode> {
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcCall | RpcCall[];
      void Promise.resolve(answer(body)).then(({ status = 200, headers, body: reply }) => {
        const text = typeof reply === 'string';
        response.writeHead(status, {
          'Content-Type': text ? 'text/plain' : 'application/json',
          ...headers,
        });
        response.end(text ? reply : JSON.stringify(reply));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Answers every call, one or a batch, with `reply(call)` in JSON-RPC's envelope. */
export function eachCall(
  body: RpcCall | RpcCall[],
  reply: (call: RpcCall) => { result: unknown } | { error: unknown },
): RpcReply {
  const answer = (call: RpcCall) => ({ jsonrpc: '2.0', id: call.id, ...reply(call) });
  return { body: Array.isArray(body) ? body.map(answer) : answer(body) };
}
