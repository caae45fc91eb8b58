import { describe, expect, it } from '@jest/globals';
import {
  API_ROUTES,
  CONNECTION_REFUSALS,
  type RpcProvidersResponse,
  type SecurityStatus,
} from '@nexus/contract';
import { screen, within } from '@testing-library/react';
import { fakeNetwork, renderAdmin, reply, signedInForEachTest } from '../../testing/admin-test-kit';
import { SecurityAdminPage } from './security-admin-page';

const status = (connectionRefusals: SecurityStatus['connectionRefusals']): SecurityStatus => ({
  apiKeys: { valid: true, missing: [] },
  rateLimits: {},
  activeUserSessions: 2,
  suspiciousIPs: [],
  connectionRefusals,
});

describe(SecurityAdminPage.name, () => {
  signedInForEachTest();

  it('shows the refusals of the connection limits, by kind', async () => {
    const refusals = Object.fromEntries(CONNECTION_REFUSALS.map((kind) => [kind, 0])) as Record<
      (typeof CONNECTION_REFUSALS)[number],
      number
    >;
    fakeNetwork((request) =>
      request.url.includes('/rpc-providers')
        ? reply(200, { networks: [] })
        : reply(200, status({ ...refusals, socketEvents: 1234, socketRooms: 5 })),
    );
    renderAdmin(<SecurityAdminPage />);

    await screen.findByRole('heading', { name: 'Connection Refusals (24 h)' });
    const rows = screen.getAllByTestId('connection-refusal');
    expect(rows.map((row) => row.dataset.kind)).toEqual([...CONNECTION_REFUSALS]);
    const events = rows.find((row) => row.dataset.kind === 'socketEvents')!;
    expect(within(events).getByText('Sockets closed for sending events too fast')).toBeTruthy();
    expect(within(events).getByText('1,234')).toBeTruthy();
    const rooms = rows.find((row) => row.dataset.kind === 'socketRooms')!;
    expect(within(rooms).getByText('5')).toBeTruthy();
    const http = rows.find((row) => row.dataset.kind === 'httpPerClient')!;
    expect(within(http).getByText('0')).toBeTruthy();
  });

  it("shows each network's JSON-RPC nodes: health, figures, learnt span, last error", async () => {
    const refusals = Object.fromEntries(CONNECTION_REFUSALS.map((kind) => [kind, 0])) as Record<
      (typeof CONNECTION_REFUSALS)[number],
      number
    >;
    const node = {
      health: 'healthy' as const,
      setAsideUntil: null,
      requests: 0,
      errors: 0,
      throttled: 0,
      latencyMs: null,
      lastError: null,
      batching: true,
      learntSpan: null,
      spanStated: null,
      reportedAt: null,
    };
    const providers: RpcProvidersResponse = {
      networks: [
        {
          network: 'cronos',
          chainId: 25,
          providers: [
            {
              ...node,
              url: 'https://cronos-evm-rpc.publicnode.com',
              requests: 12345,
              latencyMs: 87,
              learntSpan: 50000,
              spanStated: true,
            },
            {
              ...node,
              url: 'https://evm.cronos.org',
              health: 'set aside',
              setAsideUntil: '2026-11-27T12:00:30.000Z',
              requests: 40,
              errors: 7,
              throttled: 6,
              lastError: 'HTTP request failed. Status: 429',
            },
          ],
        },
      ],
    };
    fakeNetwork((request) =>
      request.url.includes(API_ROUTES.rpcProviders.path)
        ? reply(200, providers)
        : reply(200, status(refusals)),
    );
    renderAdmin(<SecurityAdminPage />);

    await screen.findByRole('heading', { name: 'RPC Providers' });
    const network = await screen.findByTestId('rpc-network');
    expect(network.dataset.network).toBe('cronos');
    const [healthy, aside] = within(network).getAllByTestId('rpc-provider');
    expect(healthy!.dataset.health).toBe('healthy');
    expect(within(healthy!).getByText('https://cronos-evm-rpc.publicnode.com')).toBeTruthy();
    expect(healthy!.textContent).toContain('12,345 requests');
    expect(healthy!.textContent).toContain('87 ms');
    expect(healthy!.textContent).toContain('span 50,000 blocks');
    expect(aside!.dataset.health).toBe('set aside');
    expect(aside!.textContent).toContain('7 errors');
    expect(aside!.textContent).toContain('6 throttled');
    expect(aside!.textContent).toContain('Last error: HTTP request failed. Status: 429');
  });
});
