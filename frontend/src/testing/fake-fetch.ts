import { jest } from '@jest/globals';
import { apiPath, type ApiRoute, type PathArguments } from '@nexus/contract';

/** Test support: jsdom has no fetch, so component tests answer the app's requests here (nothing else is faked). */

interface FakeBody {
  status?: number;
  statusText?: string;
  contentType?: string;
}

function fakeResponse(
  body: string | Blob,
  { status = 200, statusText = 'OK', contentType }: FakeBody,
): Response {
  const text = async () => (typeof body === 'string' ? body : await body.text());
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: {
      get: (name: string) => (name.toLowerCase() === 'content-type' ? (contentType ?? null) : null),
    },
    text,
    json: async () => JSON.parse(await text()) as unknown,
    blob: async () => (typeof body === 'string' ? new Blob([body], { type: contentType }) : body),
  } as unknown as Response;
}

export function jsonResponse(value: unknown, init: FakeBody = {}): Response {
  return fakeResponse(JSON.stringify(value), { contentType: 'application/json', ...init });
}

export function blobResponse(blob: Blob, init: FakeBody = {}): Response {
  return fakeResponse(blob, { contentType: blob.type, ...init });
}

export function statusResponse(status: number, statusText = 'Error', body = ''): Response {
  return fakeResponse(body, { status, statusText });
}

export type FetchHandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

export interface FetchCall {
  url: URL;
  init: RequestInit;
}

/** Replaces `fetch` with `handler`; returns the calls made, in order. Undo with `removeFetch`. */
export function installFetch(handler: FetchHandler): FetchCall[] {
  const calls: FetchCall[] = [];
  globalThis.fetch = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = input instanceof URL ? input.href : typeof input === 'string' ? input : input.url;
    const url = new URL(raw, window.location.href);
    calls.push({ url, init });
    return Promise.resolve().then(() => handler(url, init));
  }) as typeof fetch;
  return calls;
}

export function removeFetch(): void {
  delete (globalThis as { fetch?: typeof fetch }).fetch;
}

/** A fetch answer that follows the request's AbortSignal, as the browser's does. */
export function abortable(init: RequestInit, answer: Promise<Response>): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) {
      reject(new DOMException('The operation was aborted.', 'AbortError'));
      return;
    }
    signal?.addEventListener(
      'abort',
      () => reject(new DOMException('The operation was aborted.', 'AbortError')),
      {
        once: true,
      },
    );
    answer.then(resolve, reject);
  });
}

/** `METHOD /api/path` of a call of the route, as tests key and list the requests they answer. */
export function routeKey<R extends ApiRoute>(route: R, ...args: PathArguments<R>): string {
  return `${route.method} ${apiPath(route, ...args)}`;
}
