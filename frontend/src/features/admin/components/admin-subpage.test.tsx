import { afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { API_ROUTES } from '@nexus/contract';
import { screen, waitFor } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import type { ComponentType, ReactNode } from 'react';
import { routeKey } from '../../../testing/fake-fetch';
import { ADMIN_SESSION_KEY, useAdminSession } from '../stores/admin-session-store';
import { fakeNetwork, renderAdmin, reply, resetAdminState } from '../testing/admin-test-kit';

const originalFetch = globalThis.fetch;
type Subpage = ComponentType<{ title: string; children: ReactNode }>;
type Router = ComponentType<{ children: ReactNode }>;
let AdminSubpage: Subpage;
let MemoryRouter: Router;

// jsdom has no TextEncoder, which the router needs: provide Node's before loading it.
beforeAll(async () => {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
  ({ MemoryRouter } = (await import('react-router-dom')) as unknown as { MemoryRouter: Router });
  ({ AdminSubpage } = await import('./admin-subpage'));
});

function page() {
  return renderAdmin(
    <MemoryRouter>
      <AdminSubpage title="Cache Management">
        <p>cache statistics</p>
      </AdminSubpage>
    </MemoryRouter>,
  );
}

// Named by string: the component is loaded after the TextEncoder shim.
describe('AdminSubpage', () => {
  beforeEach(resetAdminState);
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  it('shows the access notice without a session, and asks the server nothing', () => {
    const sent = fakeNetwork(() => reply(200, {}));
    page();
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Admin Login' }).getAttribute('href')).toBe('/admin');
    expect(screen.queryByText('cache statistics')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('shows the screen, not the notice, once the server confirms the stored session', async () => {
    window.localStorage.setItem(ADMIN_SESSION_KEY, 'true');
    useAdminSession.setState({ authenticated: true, verified: false });
    const sent = fakeNetwork(() => reply(200, { authenticated: true, expiresAt: new Date().toISOString() }));
    page();
    expect(await screen.findByText('cache statistics')).toBeTruthy();
    expect(screen.queryByText('Admin Access Required')).toBeNull();
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      routeKey(API_ROUTES.adminVerify),
    ]);
  });

  it('drops a stored flag the server refuses', async () => {
    window.localStorage.setItem(ADMIN_SESSION_KEY, 'true');
    useAdminSession.setState({ authenticated: true, verified: false });
    fakeNetwork(() => reply(401, { statusCode: 401, message: 'Admin session required' }));
    page();
    expect(await screen.findByText('Admin Access Required')).toBeTruthy();
    expect(screen.queryByText('cache statistics')).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull());
  });
});
