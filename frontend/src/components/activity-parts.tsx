import type {
  ActivityEvent,
  ActivityKind,
  HeldSince,
  HistoryProgress,
  NamedPage,
  Network,
  PrimaryNames,
} from '@nexus/contract';
import { useIsDevchain } from '../api/networks';
import { explorerTxUrl } from '../lib/block-explorer';
import { formatBlockTime, formatCount, formatRelativeTime, shortenAddress } from '../lib/format';
import { ProgressBar } from './progress-bar';
import { TableHead } from './table-head';

/** SPEC wording where the network's transfer index is off or has not started. */
export const NOT_INDEXED = "Ownership history isn't indexed on this network yet.";

/** The line over the bar while a collection's history is read on demand. */
export function historyText(history: HistoryProgress): string {
  if (history.state === 'queued') return 'Transfer history queued…';
  if (history.state === 'complete') return 'Transfer history read. Loading…';
  return `Reading this collection's transfer history… ${history.percent}%`;
}

/**
 * What an answer the index does not cover says instead of its list: where the collection's history
 * read on demand stands (queued, read so far, the blocks it spans), or that the network is not
 * indexed.
 */
export function NotIndexed({ history, testId }: { history: HistoryProgress | undefined; testId: string }) {
  if (!history) {
    return (
      <p className="muted" data-testid={testId}>
        {NOT_INDEXED}
      </p>
    );
  }
  const reading = history.state === 'reading';
  return (
    <div className="activity__history" data-testid={testId} data-history={history.state}>
      <p className="muted" data-testid="history-status">
        {historyText(history)}
      </p>
      {reading ? (
        <>
          <ProgressBar percent={history.percent} label="Transfer history read" thin />
          {history.fromBlock !== null && history.toBlock !== null ? (
            <p className="muted activity__history-blocks" data-testid="history-blocks">
              blocks {formatCount(history.fromBlock)} – {formatCount(history.toBlock)}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export const KIND_LABELS: Record<ActivityKind, string> = { mint: 'Mint', transfer: 'Transfer', burn: 'Burn' };

/**
 * What the pages of a cursor-paged list read so far hold: their items in order, and the primary
 * names of their addresses (a later page's answer wins).
 */
export function readPages<T>(pages: ReadonlyArray<{ items: T[] } & Partial<NamedPage>> | undefined): {
  items: T[];
  names: PrimaryNames;
} {
  return {
    items: pages?.flatMap((page) => page.items) ?? [],
    names: Object.assign({}, ...(pages ?? []).map((page) => page.names ?? {})) as PrimaryNames,
  };
}

/**
 * An address, short; its primary ENS name instead where the page named it (the address stays in
 * the tooltip, and whatever the row links to is still the address).
 */
export function Address({
  value,
  names,
  testId,
}: {
  value: string;
  names?: PrimaryNames | undefined;
  testId?: string;
}) {
  const name = names?.[value.toLowerCase()];
  if (name) {
    return (
      <span className="activity__address activity__name" title={value} data-testid={testId}>
        {name}
      </span>
    );
  }
  return (
    <code className="activity__address" title={value} data-testid={testId}>
      {shortenAddress(value)}
    </code>
  );
}

/** "Their NFTs here": the collection's gallery filtered by this owner. */
export function OwnerLink({ owner, onOwner }: { owner: string; onOwner: (owner: string) => void }) {
  return (
    <button
      type="button"
      className="button button--link activity__owner-link"
      title={`NFTs of this collection owned by ${owner}`}
      onClick={() => onOwner(owner)}
      data-testid="owner-nfts-link"
    >
      Their NFTs here
    </button>
  );
}

/**
 * The transaction hash, short, linked to the network's explorer; as text on a local dev chain (a
 * public explorer knows none of its transactions) and while the networks are not known yet.
 */
export function TxLink({ network, txHash }: { network: Network; txHash: string | null }) {
  const devchain = useIsDevchain(network);
  if (!txHash) return <span className="muted">—</span>;
  const href = devchain === false ? explorerTxUrl(network, txHash) : null;
  const text = shortenAddress(txHash, 8, 6);
  if (!href) {
    return (
      <code className="activity__address" title={txHash} data-testid="activity-tx">
        {text}
      </code>
    );
  }
  return (
    <a
      className="activity__tx"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      title={txHash}
      data-testid="activity-tx"
    >
      <code>{text}</code> <span aria-hidden="true">↗</span>
    </a>
  );
}

/** "3 days ago (Nov 24, 2026, 09:12 UTC)", or the block where the index kept no time. */
export function HeldSinceText({ since }: { since: HeldSince | null }) {
  if (!since) return <span className="muted">unknown</span>;
  if (!since.time) return <span>block #{since.blockNumber}</span>;
  return (
    <span>
      <time dateTime={since.time}>{formatRelativeTime(since.time)}</time>{' '}
      <span className="muted">({formatBlockTime(since.time)})</span>
    </span>
  );
}

export function BlockTime({ event }: { event: Pick<ActivityEvent, 'time' | 'blockNumber'> }) {
  if (!event.time) return <span title={`Block ${event.blockNumber}`}>block #{event.blockNumber}</span>;
  return (
    <time dateTime={event.time} title={`${formatRelativeTime(event.time)}, block ${event.blockNumber}`}>
      {formatBlockTime(event.time)}
    </time>
  );
}

/**
 * Mints, transfers and burns as a table: kind, block time, from → to, transaction. `showToken`
 * adds the token id (a collection's feed; a token's own history needs none); `collectionName` a
 * collection column (a wallet's timeline, across its collections).
 */
export function ActivityTable({
  network,
  events,
  names,
  showToken,
  collectionName,
  caption,
  testId,
}: {
  network: Network;
  events: readonly ActivityEvent[];
  /** Primary names of the addresses (the pages' `names`). */
  names?: PrimaryNames | undefined;
  showToken: boolean;
  collectionName?: (contract: string) => string;
  caption: string;
  testId: string;
}) {
  return (
    <div className="activity__scroll">
      <table className="activity__table" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <TableHead
          columns={[
            'Event',
            Boolean(collectionName) && 'Collection',
            showToken && 'Token',
            'Time',
            'From → To',
            'Transaction',
          ]}
        />
        <tbody>
          {events.map((event) => (
            <tr
              key={`${event.blockNumber}:${event.logIndex}:${event.position}:${event.tokenId}`}
              data-testid="activity-row"
            >
              <td>
                <span className={`activity__kind activity__kind--${event.kind}`}>
                  {KIND_LABELS[event.kind]}
                </span>
                {event.amount !== '1' ? <span className="muted"> ×{event.amount}</span> : null}
              </td>
              {collectionName ? (
                <td className="activity__collection" title={event.contract}>
                  {collectionName(event.contract)}
                </td>
              ) : null}
              {showToken ? <td className="activity__token">#{event.tokenId}</td> : null}
              <td>
                <BlockTime event={event} />
              </td>
              <td className="activity__route">
                <Address value={event.from} names={names} testId="activity-from" />{' '}
                <span aria-label="to">→</span> <Address value={event.to} names={names} testId="activity-to" />
              </td>
              <td>
                <TxLink network={network} txHash={event.txHash} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function LoadMore({
  list,
  label,
  testId,
}: {
  /** The infinite query of the list. */
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  testId: string;
}) {
  if (!list.hasNextPage) return null;
  const loading = list.isFetchingNextPage;
  return (
    <button
      type="button"
      className="button button--ghost activity__more"
      aria-disabled={loading}
      onClick={() => {
        if (!loading) void list.fetchNextPage();
      }}
      data-testid={testId}
    >
      {loading ? 'Loading...' : label}
    </button>
  );
}
