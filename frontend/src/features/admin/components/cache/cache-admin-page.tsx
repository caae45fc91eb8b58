import { NETWORK_LABELS, type Network, type TransferIndexStats } from '@nexus/contract';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { NetworkBadge } from '../../../../components/network-badge';
import { Spinner } from '../../../../components/spinner';
import { toast } from '../../../../components/toast/toast-store';
import { errorText } from '../../../../lib/api-client';
import { formatCount } from '../../../../lib/format';
import { useCacheStats, useClearCache } from '../../api/cache-admin';
import { useQueryErrorToast } from '../../hooks/use-error-toast';
import { formatDateTime } from '../../lib/format-time';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { StatTiles } from '../ui/stat-tiles';
import './cache-admin-page.css';

const formatRate = (value: number | null): string => (value === null ? '—' : formatCount(Math.round(value)));

/** Where each network's transfer index stands: indexed block, head, lag and the latest pass's rate. */
function TransferIndexSection({ lines }: { lines: TransferIndexStats[] }) {
  return (
    <section className="card" aria-labelledby="transfer-index">
      <h2 id="transfer-index">Transfer index</h2>
      {lines.length === 0 ? (
        <p className="muted">No network is indexed.</p>
      ) : (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Network</th>
                <th scope="col">Indexed To</th>
                <th scope="col">Head</th>
                <th scope="col">Lag</th>
                <th scope="col">Blocks/s</th>
                <th scope="col">Logs/s</th>
                <th scope="col">Transfers</th>
                <th scope="col">Reorgs</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.network} data-testid="transfer-index-row">
                  <NetworkCell network={line.network} />
                  <td data-label="Indexed To">{formatCount(line.indexedTo)}</td>
                  <td data-label="Head">{formatCount(line.head)}</td>
                  <td data-label="Lag">{formatCount(line.lag)}</td>
                  <td data-label="Blocks/s">{formatRate(line.blocksPerSecond)}</td>
                  <td data-label="Logs/s">{formatRate(line.logsPerSecond)}</td>
                  <td data-label="Transfers">{formatCount(line.transfers)}</td>
                  <td data-label="Reorgs">{formatCount(line.reorgs)}</td>
                  <td data-label="Updated">{formatDateTime(line.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** /admin/cache: statistics and clearing (SPEC §2, §3). */
export function CacheAdminPage() {
  const stats = useCacheStats();
  useQueryErrorToast(stats, 'Failed to fetch cache statistics');
  const clear = useClearCache();
  const [confirming, setConfirming] = useState(false);
  const data = stats.data;

  const confirmClear = () =>
    clear.mutate(undefined, {
      onSuccess: (answer) =>
        toast({
          title: 'Cache cleared',
          description: `${formatCount(answer.cleared)} cache ${answer.cleared === 1 ? 'entry' : 'entries'} removed.`,
          variant: 'success',
        }),
      onError: (error) =>
        toast({ title: 'Failed to clear cache', description: errorText(error, ''), variant: 'destructive' }),
    });

  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void stats.refetch()}
          disabled={stats.isFetching}
        >
          {stats.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
        <button
          type="button"
          className="button admin-button--danger"
          onClick={() => setConfirming(true)}
          disabled={clear.isPending}
        >
          {clear.isPending ? 'Clearing...' : 'Clear All Cache'}
        </button>
      </div>

      {stats.isPending ? (
        <Spinner label="Loading cache statistics..." />
      ) : !data ? (
        <EmptyState title="Failed to fetch cache statistics" description={errorText(stats.error, '')}>
          <button type="button" className="button button--ghost" onClick={() => void stats.refetch()}>
            Retry
          </button>
        </EmptyState>
      ) : (
        <>
          <StatTiles
            label="Cache"
            tiles={[
              {
                label: 'Cached Entries',
                value: data.cachedEntries ?? 'Unavailable',
                testId: 'cache-entries',
              },
            ]}
          />
          <p className="muted admin-cache-note" data-testid="cache-note">
            Clear All Cache empties the cached entries (scan results, featured and trending lists, rankings).
            The stored collections, NFTs, metadata and rankings below stay in the database, so their counts do
            not change.
          </p>
          <StatTiles
            label="Stored data"
            tiles={[
              { label: 'Collections', value: data.collectionsCount, testId: 'cache-collections' },
              { label: 'NFTs', value: data.nftsCount, testId: 'cache-nfts' },
              { label: 'Metadata', value: data.metadataCount, testId: 'cache-metadata' },
              { label: 'Rankings', value: data.rankingsCount, testId: 'cache-rankings' },
              { label: 'API Requests', value: data.apiRequestsCount, testId: 'cache-api-requests' },
            ]}
          />
          <section className="card" aria-labelledby="network-stats">
            <h2 id="network-stats">Networks</h2>
            {data.networkStats.length === 0 ? (
              <p className="muted">No network activity yet.</p>
            ) : (
              <div className="admin-table-scroll">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Network</th>
                      <th scope="col">API Calls Today</th>
                      <th scope="col">Collections</th>
                      <th scope="col">NFTs</th>
                      <th scope="col">Searches</th>
                      <th scope="col">Last API Call</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.networkStats.map((line) => (
                      <tr key={line.network} data-testid="network-stats-row">
                        <NetworkCell network={line.network} />
                        <td data-label="API Calls Today">{formatCount(line.apiCallsToday)}</td>
                        <td data-label="Collections">{formatCount(line.totalCollections)}</td>
                        <td data-label="NFTs">{formatCount(line.totalNfts)}</td>
                        <td data-label="Searches">{formatCount(line.totalSearches)}</td>
                        <td data-label="Last API Call">{formatDateTime(line.lastApiCall)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <TransferIndexSection lines={data.transferIndex ?? []} />
        </>
      )}

      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        message="Are you sure you want to clear all cache? This action cannot be undone."
        confirmLabel="Clear Cache"
        onConfirm={confirmClear}
      />
    </div>
  );
}

/** A table row's header cell: the network's badge and name. */
function NetworkCell({ network }: { network: Network }) {
  return (
    <th scope="row">
      <span className="admin-network-cell">
        <NetworkBadge network={network} />
        {NETWORK_LABELS[network] ?? network}
      </span>
    </th>
  );
}
