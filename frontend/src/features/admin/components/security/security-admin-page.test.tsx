import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { CONNECTION_REFUSALS, type SecurityStatus } from '@nexus/contract';
import { screen, within } from '@testing-library/react';
import { fakeNetwork, renderAdmin, reply, resetAdminState, signedIn } from '../../testing/admin-test-kit';
import { SecurityAdminPage } from './security-admin-page';

const originalFetch = globalThis.fetch;

const status = (connectionRefusals: SecurityStatus['connectionRefusals']): SecurityStatus => ({
  apiKeys: { valid: true, missing: [] },
  rateLimits: {},
  activeUserSessions: 2,
  suspiciousIPs: [],
  connectionRefusals,
});

describe(SecurityAdminPage.name, () => {
  beforeEach(() => {
    resetAdminState();
    signedIn();
  });
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  it('shows the refusals of the connection limits, by kind', async () => {
    const refusals = Object.fromEntries(CONNECTION_REFUSALS.map((kind) => [kind, 0])) as Record<
      (typeof CONNECTION_REFUSALS)[number],
      number
    >;
    fakeNetwork(() => reply(200, status({ ...refusals, socketEvents: 1234, socketRooms: 5 })));
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
});
