import { afterEach, beforeEach, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient } from '../../../app/query-client';
import { Toaster } from '../../../components/toast/toaster';
import { useToastStore } from '../../../components/toast/toast-store';
import { ADMIN_SESSION_KEY, useAdminSession } from '../stores/admin-session-store';

/** What the fake network edge saw: one line per request. */
export interface SentRequest {
  url: string;
  method: string;
  body: unknown;
}

export type Responder = (request: SentRequest) => Response | Promise<Response>;

/** A minimal `Response`: what `apiRequest` reads (ok, status, statusText, text()). */
export function reply(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    text: () => Promise.resolve(text),
  } as unknown as Response;
}

/**
 * Replaces `fetch` (the network edge, and only it) with `responder`; JSON bodies are parsed,
 * FormData bodies kept as they are. Returns the requests sent, in order.
 */
export function fakeNetwork(responder: Responder): SentRequest[] {
  const sent: SentRequest[] = [];
  const fake = jest.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const raw = init?.body;
    const request: SentRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw,
    };
    sent.push(request);
    return Promise.resolve(responder(request));
  });
  globalThis.fetch = fake as unknown as typeof fetch;
  return sent;
}

/** A session as after a verified login (the server is faked by `fakeNetwork`). */
export function signedIn(): void {
  useAdminSession.getState().signIn();
}

export function resetAdminState(): void {
  window.localStorage.removeItem(ADMIN_SESSION_KEY);
  useAdminSession.setState({ authenticated: false, verified: false });
  useToastStore.setState({ toasts: [] });
}

/**
 * Each test of the calling suite starts signed in, with no toast, and gets the real `fetch` back
 * after (`fakeNetwork` replaces it).
 */
export function signedInForEachTest(): void {
  const originalFetch = globalThis.fetch;
  beforeEach(() => {
    resetAdminState();
    signedIn();
  });
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });
}

/** The app's providers around an admin screen: query client with the app's defaults, toaster. */
export function renderAdmin(ui: ReactElement): RenderResult {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

/** Titles and descriptions of the toasts shown. */
export function toastTexts(): string[] {
  return useToastStore
    .getState()
    .toasts.flatMap((item) => [item.title, item.description ?? ''])
    .filter(Boolean);
}
