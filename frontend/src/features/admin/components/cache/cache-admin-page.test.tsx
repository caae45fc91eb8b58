import { describe, expect, it } from '@jest/globals';
import { API_ROUTES, type CacheStats } from '@nexus/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeNetwork,
  renderAdmin,
  reply,
  type SentRequest,
  signedInForEachTest,
} from '../../testing/admin-test-kit';
import { CacheAdminPage } from './cache-admin-page';

const stats = (transferIndex: CacheStats['transferIndex'], cachedEntries: number | null = 4): CacheStats => ({
  cachedEntries,
  collectionsCount: 3,
  nftsCount: 9,
  metadataCount: 7,
  rankingsCount: 6,
  apiRequestsCount: 120,
  networkStats: [],
  transferIndex,
});

describe(CacheAdminPage.name, () => {
  signedInForEachTest();

  it('shows where each indexed network stands: indexed block, head, lag and rate', async () => {
    fakeNetwork(() =>
      reply(
        200,
        stats([
          {
            network: 'cronos',
            fromBlock: 0,
            indexedTo: 1_001_016,
            head: 1_001_018,
            lag: 2,
            confirmations: 2,
            blocksPerSecond: 40_616.4,
            logsPerSecond: 49.2,
            transfers: 1903,
            reorgs: 1,
            updatedAt: '2026-11-23T17:00:00.000Z',
          },
        ]),
      ),
    );
    renderAdmin(<CacheAdminPage />);

    const row = await screen.findByTestId('transfer-index-row');
    expect(within(row).getByText('Cronos')).toBeTruthy();
    expect(within(row).getByText('1,001,016')).toBeTruthy();
    expect(within(row).getByText('1,001,018')).toBeTruthy();
    expect(within(row).getByText('40,616')).toBeTruthy();
    expect(within(row).getByText('1,903')).toBeTruthy();
  });

  it('says so when no network is indexed', async () => {
    fakeNetwork(() => reply(200, stats([])));
    renderAdmin(<CacheAdminPage />);

    expect(await screen.findByText('No network is indexed.')).toBeTruthy();
  });

  it('shows the cached entries, which Clear All Cache takes to 0, apart from the stored rows it keeps', async () => {
    let cleared = false;
    const sent: SentRequest[] = fakeNetwork((request) => {
      if (request.url === API_ROUTES.clearCache.path) {
        cleared = true;
        return reply(200, { success: true, cleared: 4 });
      }
      return reply(200, stats([], cleared ? 0 : 4));
    });
    const user = userEvent.setup();
    renderAdmin(<CacheAdminPage />);

    expect((await screen.findByTestId('cache-entries')).textContent).toBe('4');
    expect(screen.getByTestId('cache-note').textContent).toContain('stay in the database');
    await user.click(screen.getByRole('button', { name: 'Clear All Cache' }));
    await user.click(screen.getByRole('button', { name: 'Clear Cache' }));
    await waitFor(() => expect(screen.getByTestId('cache-entries').textContent).toBe('0'));
    expect(screen.getByTestId('cache-collections').textContent).toBe('3');
    expect(
      sent.filter((request) => request.url === API_ROUTES.cacheStats.path).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('says when Redis could not count its entries', async () => {
    fakeNetwork(() => reply(200, stats([], null)));
    renderAdmin(<CacheAdminPage />);
    expect((await screen.findByTestId('cache-entries')).textContent).toBe('Unavailable');
  });
});
