// Test harness of the community screens: the app's real query client, router and toaster, with
// `fetch` (the network edge) answered by a table of routes. Nothing of ours is replaced.
import { jest } from '@jest/globals';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../app/query-client';
import { Toaster } from '../components/toast/toaster';
import { useToastStore } from '../components/toast/toast-store';

export interface FakeReply {
  status?: number;
  /** JSON-encoded unless it is a string already. */
  body?: unknown;
}

export interface FetchCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON body, or the FormData of a multipart call. */
  body: unknown;
}

type Route = FakeReply | ((call: FetchCall) => FakeReply | Promise<FakeReply>);

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  500: 'Internal Server Error',
};

const realFetch = globalThis.fetch;

/**
 * Answers fetch from `routes`, keyed 'METHOD /path' (query string ignored). An unknown route
 * fails the test loudly with a 599 instead of hanging.
 */
export function stubFetch(routes: Record<string, Route>): { calls: FetchCall[] } {
  const calls: FetchCall[] = [];
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? undefined);
    const call: FetchCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const reply: FakeReply =
      route === undefined
        ? { status: 599, body: `no fake route for ${method} ${url.pathname}` }
        : typeof route === 'function'
          ? await route(call)
          : route;
    const status = reply.status ?? 200;
    const text =
      reply.body === undefined
        ? ''
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    // The members our API client reads; jsdom has no Response class.
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: STATUS_TEXT[status] ?? '',
      text: () => Promise.resolve(text),
    } as unknown as Response;
  };
  globalThis.fetch = jest.fn(fake) as typeof fetch;
  return { calls };
}

/** A reply the test releases when it wants, to look at the screen while a call is in flight. */
export function deferredReply(): { promise: Promise<FakeReply>; resolve: (reply: FakeReply) => void } {
  let resolve: (reply: FakeReply) => void = () => undefined;
  const promise = new Promise<FakeReply>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

let client: QueryClient | null = null;

export function renderInApp(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  client = createQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Call from afterEach: drops cached queries and toasts, puts the real fetch back. */
export function resetApp(): void {
  client?.clear();
  client = null;
  useToastStore.setState({ toasts: [] });
  globalThis.fetch = realFetch;
}

/** The visible toast (SPEC §9: at most one), once it shows `title`. */
export function findToast(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = screen.getByTestId('toast');
    within(toast).getByText(title);
    return toast;
  });
}
