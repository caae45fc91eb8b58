import { NETWORK_LABELS, type Network, type NetworkStats, type TransferIndexStats } from '@nexus/contract';
import { useState } from 'react';
import { NetworkBadge } from '../../../../components/network-badge';
import { Spinner } from '../../../../components/spinner';
import { toast } from '../../../../components/toast/toast-store';
import { errorText } from '../../../../lib/api-client';
import { formatCount } from '../../../../lib/format';
import { useCacheStats, useClearCache } from '../../api/cache-admin';
import { useQueryErrorToast } from '../../hooks/use-error-toast';
import { formatDateTime } from '../../lib/format-time';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { LoadFailed } from '../ui/load-failed';
import { StatTiles } from '../ui/stat-tiles';
import { RefreshButton } from '../ui/refresh-button';
import { TableHead } from '../../../../components/table-head';
import '../../../../components/data-table.css';
import './cache-admin-page.css';

const formatRate = (value: number | null): string => (value === null ? '—' : formatCount(Math.round(value)));

/**
 * A network table's columns, in order, by heading (also the cell's label on a narrow screen): each
 * line's text in the column.
 */
type Columns<Line> = Record<string, (line: Line) => string>;

interface NetworkTableProps<Line> {
  lines: Line[];
  columns: Columns<Line>;
  rowTestId: string;
}

/** One row a network, its badge first, then the columns. */
function NetworkTable<Line extends { network: Network }>({
  lines,
  columns,
  rowTestId,
}: NetworkTableProps<Line>) {
  return (
    <div className="admin-table-scroll">
      <table className="data-table admin-table">
        <TableHead columns={['Network', ...Object.keys(columns)]} />
        <tbody>
          {lines.map((line) => (
            <tr key={line.network} data-testid={rowTestId}>
              <NetworkCell network={line.network} />
              {Object.entries(columns).map(([label, text]) => (
                <td key={label} data-label={label}>
                  {text(line)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const NETWORK_COLUMNS: Columns<NetworkStats> = {
  'API Calls Today': (line) => formatCount(line.apiCallsToday),
  Collections: (line) => formatCount(line.totalCollections),
  NFTs: (line) => formatCount(line.totalNfts),
  Searches: (line) => formatCount(line.totalSearches),
  'Last API Call': (line) => formatDateTime(line.lastApiCall),
};

const TRANSFER_INDEX_COLUMNS: Columns<TransferIndexStats> = {
  'Indexed To': (line) => formatCount(line.indexedTo),
  Head: (line) => formatCount(line.head),
  Lag: (line) => formatCount(line.lag),
  'Blocks/s': (line) => formatRate(line.blocksPerSecond),
  'Logs/s': (line) => formatRate(line.logsPerSecond),
  Transfers: (line) => formatCount(line.transfers),
  Reorgs: (line) => formatCount(line.reorgs),
  Updated: (line) => formatDateTime(line.updatedAt),
};

/** A card of per-network figures under its heading (`id`), or what it says while there are none. */
function NetworkSection<Line extends { network: Network }>({
  id,
  title,
  empty,
  ...table
}: { id: string; title: string; empty: string } & NetworkTableProps<Line>) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {table.lines.length === 0 ? <p className="muted">{empty}</p> : <NetworkTable {...table} />}
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
        <RefreshButton query={stats} />
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
        <LoadFailed title="Failed to fetch cache statistics" query={stats} />
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
          <NetworkSection
            id="network-stats"
            title="Networks"
            empty="No network activity yet."
            lines={data.networkStats}
            columns={NETWORK_COLUMNS}
            rowTestId="network-stats-row"
          />
          {/* Where each network's transfer index stands: indexed block, head, lag and the latest pass's rate. */}
          <NetworkSection
            id="transfer-index"
            title="Transfer index"
            empty="No network is indexed."
            lines={data.transferIndex ?? []}
            columns={TRANSFER_INDEX_COLUMNS}
            rowTestId="transfer-index-row"
          />
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
