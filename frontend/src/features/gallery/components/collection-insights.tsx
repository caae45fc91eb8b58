import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { ActivityKind, CollectionHolderStats, Network } from '@nexus/contract';
import { Spinner } from '../../../components/spinner';
import { errorText, isApiStatus } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import {
  collectionActivityQuery,
  collectionHolderStatsQuery,
  collectionHoldersQuery,
  transfersPerDayQuery,
} from '../api/activity-api';
import {
  ActivityTable,
  Address,
  LoadMore,
  NotIndexed,
  OwnerLink,
  readPages,
} from '../../../components/activity-parts';
import { TableHead } from '../../../components/table-head';
import { StatTile } from '../../../components/stat-tile';
import '../../../components/activity.css';

/** The chart library comes only with the chart (the Holders view never loads it). */
const TransfersChart = lazy(() => import('./transfers-chart'));

export type InsightView = 'activity' | 'holders';

interface CollectionInsightsProps {
  view: InsightView;
  network: Network;
  contractAddress: string;
  /** Opens the gallery filtered by a holder (absent: no link). */
  onOwner?: (owner: string) => void;
}

/** The collection's Activity and Holders views (loaded with the first of them a visitor opens). */
export default function CollectionInsights({ view, ...props }: CollectionInsightsProps) {
  return view === 'activity' ? <ActivityPanel {...props} /> : <HoldersPanel {...props} />;
}

type CollectionProps = Omit<CollectionInsightsProps, 'view'>;

const KIND_FILTERS: ReadonlyArray<{ kind: ActivityKind | null; label: string }> = [
  { kind: null, label: 'All' },
  { kind: 'mint', label: 'Mints' },
  { kind: 'transfer', label: 'Transfers' },
  { kind: 'burn', label: 'Burns' },
];

/** A collection the index never saw a transfer of is a 404: nothing to show yet, not a failure. */
function failureText(error: unknown, what: string): string {
  return isApiStatus(error, 404)
    ? 'No transfer of this collection is indexed yet.'
    : `${what} unavailable: ${errorText(error, 'request failed')}`;
}

function ActivityPanel({ network, contractAddress }: CollectionProps) {
  const [kind, setKind] = useState<ActivityKind | null>(null);
  const feed = useInfiniteQuery(collectionActivityQuery(network, contractAddress, kind));
  const { items: events, names } = readPages(feed.data?.pages);
  const filterLabel = KIND_FILTERS.find((filter) => filter.kind === kind)?.label ?? 'All';
  const perDay = useQuery(transfersPerDayQuery(network, contractAddress));

  return (
    <section className="collection-panel activity" data-testid="collection-activity">
      {perDay.data?.indexed ? (
        <Suspense fallback={<Spinner label="Loading the chart..." />}>
          <TransfersChart days={perDay.data.days} />
        </Suspense>
      ) : null}
      <div>
        <h2>Activity</h2>
        <div className="activity__filter" role="group" aria-label="Show">
          {KIND_FILTERS.map((filter) => (
            <button
              key={filter.label}
              type="button"
              className="button button--ghost"
              aria-pressed={filter.kind === kind}
              onClick={() => setKind(filter.kind)}
              data-testid={`activity-filter-${filter.kind ?? 'all'}`}
            >
              {filter.label}
            </button>
          ))}
        </div>
        {feed.isPending ? (
          <Spinner label="Loading activity..." />
        ) : feed.isError ? (
          <p className="muted">{failureText(feed.error, 'Activity')}</p>
        ) : feed.data.pages[0]?.indexed === false ? (
          <NotIndexed history={feed.data.pages[0].history} testId="activity-unindexed" />
        ) : events.length === 0 ? (
          <p className="muted" data-testid="activity-empty">
            {kind === null ? 'No transfers indexed yet.' : `No ${filterLabel.toLowerCase()} indexed yet.`}
          </p>
        ) : (
          <>
            <ActivityTable
              network={network}
              events={events}
              names={names}
              showToken
              caption={`${filterLabel} of this collection, newest first`}
              testId="activity-feed"
            />
            <LoadMore list={feed} label="Load more" testId="activity-more" />
          </>
        )}
      </div>
    </section>
  );
}

/** 0.123456 → "12.35%"; a share under 0.01% shows as "<0.01%" rather than 0. */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.0001) return '<0.01%';
  return `${(share * 100).toFixed(2)}%`;
}

function HoldersPanel({ network, contractAddress, onOwner }: CollectionProps) {
  const stats = useQuery(collectionHolderStatsQuery(network, contractAddress));
  const top = useInfiniteQuery(collectionHoldersQuery(network, contractAddress));
  const { items: holders, names: holderNames } = readPages(top.data?.pages);

  const firstTop = top.data?.pages[0];
  if (stats.data?.indexed === false || firstTop?.indexed === false) {
    return (
      <section className="collection-panel activity" data-testid="collection-holders">
        <NotIndexed history={stats.data?.history ?? firstTop?.history} testId="holders-unindexed" />
      </section>
    );
  }

  return (
    <section className="collection-panel activity" data-testid="collection-holders">
      {stats.isPending ? (
        <Spinner label="Counting holders..." />
      ) : stats.isError ? (
        <p className="muted">{failureText(stats.error, 'Holder figures')}</p>
      ) : (
        <HolderFigures stats={stats.data} />
      )}

      <div>
        <h2>Top holders</h2>
        {top.isPending ? (
          <Spinner label="Loading holders..." />
        ) : top.isError ? (
          <p className="muted">{failureText(top.error, 'Holders')}</p>
        ) : holders.length === 0 ? (
          <p className="muted">No holders indexed yet.</p>
        ) : (
          <>
            <div className="activity__scroll">
              <table className="activity__table" data-testid="top-holders">
                <caption className="sr-only">Holders, most tokens first</caption>
                <TableHead columns={['#', 'Holder', 'Tokens', 'Share']} />
                <tbody>
                  {holders.map((holder, index) => (
                    <tr key={holder.owner} data-testid="top-holder">
                      <td>{index + 1}</td>
                      <td>
                        <Address value={holder.owner} names={holderNames} testId="top-holder-address" />{' '}
                        {onOwner ? <OwnerLink owner={holder.owner} onOwner={onOwner} /> : null}
                      </td>
                      <td data-testid="top-holder-tokens">{formatCount(holder.tokens)}</td>
                      <td>{formatShare(holder.share)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore list={top} label="Load more holders" testId="holders-more" />
          </>
        )}
      </div>
    </section>
  );
}

/** Unique holders, tokens held and how many hold 1, 2–5, 6–24 and 25+ tokens. */
function HolderFigures({ stats }: { stats: CollectionHolderStats }) {
  const largest = Math.max(1, ...stats.distribution.map((bucket) => bucket.holders));
  return (
    <>
      <dl className="collection-stats">
        <StatTile label="Holders" value={stats.holders} testId="holders-count" />
        <StatTile label="Tokens held" value={formatCount(stats.held)} testId="holders-held" />
      </dl>
      <div>
        <h2 id="holder-distribution">Holder distribution</h2>
        <ul className="distribution" aria-labelledby="holder-distribution" data-testid="holder-distribution">
          {stats.distribution.map((bucket) => (
            <li key={bucket.label} data-testid="holder-bucket">
              <span data-testid="holder-bucket-label">
                {bucket.label.replace('-', '–')} {bucket.label === '1' ? 'token' : 'tokens'}
              </span>
              <span className="distribution__bar" aria-hidden="true">
                <span style={{ width: `${(bucket.holders / largest) * 100}%` }} />
              </span>
              <span className="distribution__count" data-testid="holder-bucket-count">
                {formatCount(bucket.holders)} {bucket.holders === 1 ? 'holder' : 'holders'}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
