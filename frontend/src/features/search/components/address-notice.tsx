import { NETWORK_LABELS, type Network } from '@nexus/contract';
import { NetworkBadge } from '../../../components/network-badge';
import { shortenAddress } from '../../../lib/format';
import type { CollectionLocation } from '../api/locate-collection';
import { SearchNotice } from './search-notice';

/**
 * What the search learnt about an address before scanning it, when the scan asked for would lead
 * nowhere: a collection contract typed in Wallet mode, or a collection of another network.
 */
export type AddressNotice =
  | {
      kind: 'collection-not-wallet';
      address: string;
      network: Network;
      collections: CollectionLocation[];
      /** The ENS name typed, when the address is what it resolved to. */
      label?: string;
    }
  | { kind: 'other-network'; address: string; network: Network; collections: CollectionLocation[] };

interface AddressNoticeProps {
  notice: AddressNotice;
  onOpenCollection: (location: CollectionLocation) => void;
  /** Scans the wallet as asked after all (a contract can hold NFTs). */
  onSearchWalletAnyway: () => void;
  onDismiss: () => void;
}

function collectionName(location: CollectionLocation): string {
  return location.name || 'a collection';
}

function listNetworks(collections: readonly CollectionLocation[]): string {
  const names = collections.map((c) => NETWORK_LABELS[c.network]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function AddressNoticeCard({
  notice,
  onOpenCollection,
  onSearchWalletAnyway,
  onDismiss,
}: AddressNoticeProps) {
  const first = notice.collections[0]!;
  const title =
    notice.kind === 'collection-not-wallet'
      ? 'This is a collection, not a wallet'
      : `Not a collection on ${NETWORK_LABELS[notice.network]}`;
  const text =
    notice.kind === 'collection-not-wallet'
      ? `${shortenAddress(notice.address)} is the contract of ${collectionName(first)}, an NFT collection on ${listNetworks(notice.collections)}. Open it to see its NFTs.`
      : `${shortenAddress(notice.address)} is not a collection on ${NETWORK_LABELS[notice.network]}: it is ${collectionName(first)}, a collection on ${listNetworks(notice.collections)}.`;
  return (
    <SearchNotice title={title} text={text} testId="search-notice" kind={notice.kind}>
      {notice.collections.map((location) => (
        <button
          key={location.network}
          type="button"
          className="button button--primary"
          data-testid="search-notice-open"
          onClick={() => onOpenCollection(location)}
        >
          Open {collectionName(location)} on {NETWORK_LABELS[location.network]}
          <NetworkBadge network={location.network} />
        </button>
      ))}
      {notice.kind === 'collection-not-wallet' ? (
        <button type="button" className="button button--ghost" onClick={onSearchWalletAnyway}>
          Search as a wallet anyway
        </button>
      ) : null}
      <button type="button" className="button button--ghost" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </SearchNotice>
  );
}
