import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { CacheStats } from '@nexus/contract';
import { screen, within } from '@testing-library/react';
import { fakeNetwork, renderAdmin, reply, resetAdminState, signedIn } from '../../testing/admin-test-kit';
import { CacheAdminPage } from './cache-admin-page';

const originalFetch = globalThis.fetch;

const stats = (transferIndex: CacheStats['transferIndex']): CacheStats => ({
  collectionsCount: 3,
  nftsCount: 9,
  metadataCount: 7,
  rankingsCount: 6,
  apiRequestsCount: 120,
  networkStats: [],
  transferIndex,
});

describe(CacheAdminPage.name, () => {
  beforeEach(() => {
    resetAdminState();
    signedIn();
  });
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

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
});
