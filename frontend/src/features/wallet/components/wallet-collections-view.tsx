import * as Tabs from '@radix-ui/react-tabs';
import { useMemo, useState, type ReactNode } from 'react';
import { isEvmAddress, isNetwork, type CollectionSummary, type Nft } from '@nexus/contract';
import { EmptyState } from '../../../components/empty-state';
import { NetworkBadge } from '../../../components/network-badge';
import { formatCount, shortenAddress } from '../../../lib/format';
import { mediaImageUrl } from '../../../lib/image-url';
import { useLiveWallet } from '../hooks/use-live-wallet';
import { isSpamCollection } from '../spam-filter';
import {
  filterWalletCollections,
  groupByContract,
  sortWalletCollections,
} from '../../../lib/wallet-collections';
import { WalletActivity, WalletHeldSince } from './wallet-activity';
import { WalletIdentity } from './wallet-identity';
import '../../../components/tabs.css';
import './wallet.css';
import { SearchField } from '../../../components/search-field';

interface WalletCollectionsViewProps {
  walletAddress: string;
  /** The ENS name the visitor searched, shown with the address it resolved to. */
  ensName?: string | undefined;
  network: string;
  nfts: Nft[];
  featuredContracts: ReadonlySet<string>;
  onBack: () => void;
  onSelect: (collection: CollectionSummary) => void;
  badges?: ReactNode;
}

export function displayCollectionName(
  collection: Pick<CollectionSummary, 'name' | 'contractAddress'>,
): string {
  return collection.name || shortenAddress(collection.contractAddress);
}

function SampleImage({ collection }: { collection: CollectionSummary }) {
  const sample = collection.sampleNFTs.map((nft) => mediaImageUrl(nft.image)).find((url) => url !== '');
  const [failed, setFailed] = useState(false);
  if (!sample || failed) {
    return (
      <span className="wallet-row__image wallet-row__image--empty" aria-hidden="true">
        ◇
      </span>
    );
  }
  return (
    <img className="wallet-row__image" src={sample} alt="" loading="lazy" onError={() => setFailed(true)} />
  );
}

export function WalletCollectionsView({
  walletAddress,
  ensName,
  network,
  nfts,
  featuredContracts,
  onBack,
  onSelect,
  badges,
}: WalletCollectionsViewProps) {
  const [query, setQuery] = useState('');
  const newTransfers = useLiveWallet(network, walletAddress);
  const [showHidden, setShowHidden] = useState(false);
  const all = useMemo(
    () => sortWalletCollections(groupByContract(nfts), featuredContracts),
    [nfts, featuredContracts],
  );
  const hiddenCount = useMemo(() => all.filter(isSpamCollection).length, [all]);
  const listed = showHidden ? all : all.filter((collection) => !isSpamCollection(collection));
  const visible = filterWalletCollections(listed, query);
  // The transfer index's views of the wallet: on a network and for a 0x address Nexus can ask about.
  const indexNetwork = isNetwork(network) && isEvmAddress(walletAddress) ? network : null;
  const [tab, setTab] = useState<WalletTab>('collections');

  const header = (
    <>
      <button type="button" className="back-link" onClick={onBack}>
        ← Back to Home
      </button>
      <header className="wallet__header">
        <div>
          <h1 className="wallet__title">Collections Found</h1>
          <p className="wallet__subtitle">
            <WalletIdentity walletAddress={walletAddress} searchedName={ensName} />
            <NetworkBadge network={network} />
            {badges}
          </p>
          <p className="wallet__live muted" data-testid="wallet-live" aria-live="polite">
            {newTransfers > 0
              ? `${formatCount(newTransfers)} new ${newTransfers === 1 ? 'transfer' : 'transfers'} since this page opened`
              : null}
          </p>
        </div>
        <span className="count-badge count-badge--lg" data-testid="wallet-collection-count">
          {formatCount(listed.length)} {listed.length === 1 ? 'collection' : 'collections'}
        </span>
      </header>
    </>
  );

  const collectionsView = (
    <>
      {all.length > 0 ? (
        <div className="wallet__tools">
          <SearchField
            placeholder="Search collections by name or contract address"
            value={query}
            onChange={setQuery}
          />
          {hiddenCount > 0 ? (
            <button
              type="button"
              className="button button--link"
              onClick={() => setShowHidden((value) => !value)}
            >
              {showHidden ? 'Hide likely spam' : `Show ${hiddenCount} hidden as likely spam`}
            </button>
          ) : null}
        </div>
      ) : null}

      {visible.length === 0 && listed.length === 0 && hiddenCount > 0 ? (
        // Every collection of this wallet is hidden as likely spam: no search term would help.
        <EmptyState
          testId="wallet-spam-only"
          title="Only Likely Spam Found"
          description={`This wallet only holds ${formatCount(hiddenCount)} ${
            hiddenCount === 1 ? 'collection' : 'collections'
          } hidden as likely spam (airdrops, vouchers, "claim" offers).`}
        >
          <button type="button" className="button button--primary" onClick={() => setShowHidden(true)}>
            Show {hiddenCount === 1 ? 'it' : `all ${formatCount(hiddenCount)}`}
          </button>
        </EmptyState>
      ) : visible.length === 0 ? (
        <EmptyState
          title="No Collections Found"
          description={
            all.length === 0
              ? 'This wallet appears to have no NFT collections.'
              : 'Try a different search term.'
          }
        />
      ) : (
        <ul className="wallet__list">
          {visible.map((collection) => (
            <li key={collection.contractAddress}>
              <WalletCollectionRow
                collection={collection}
                featured={featuredContracts.has(collection.contractAddress.toLowerCase())}
                onSelect={() => onSelect(collection)}
              >
                <SampleImage collection={collection} />
              </WalletCollectionRow>
            </li>
          ))}
        </ul>
      )}
    </>
  );

  return (
    <section className="wallet" data-testid="wallet-collections">
      {header}
      {indexNetwork ? (
        <Tabs.Root
          value={tab}
          onValueChange={(value) => {
            if (WALLET_TABS.some((entry) => entry.id === value)) setTab(value as WalletTab);
          }}
        >
          <Tabs.List className="tabs" aria-label="Wallet views">
            {WALLET_TABS.map(({ id, label }) => (
              <Tabs.Trigger key={id} value={id} className="tabs__tab" data-testid={`wallet-tab-${id}`}>
                {label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="collections">{collectionsView}</Tabs.Content>
          <Tabs.Content value="activity">
            <WalletActivity network={indexNetwork} walletAddress={walletAddress} nfts={nfts} />
          </Tabs.Content>
          <Tabs.Content value="held">
            <WalletHeldSince network={indexNetwork} walletAddress={walletAddress} nfts={nfts} />
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        collectionsView
      )}
    </section>
  );
}

type WalletTab = 'collections' | 'activity' | 'held';

const WALLET_TABS: ReadonlyArray<{ id: WalletTab; label: string }> = [
  { id: 'collections', label: 'Collections' },
  { id: 'activity', label: 'Activity' },
  { id: 'held', label: 'Held since' },
];

/** One collection of a wallet: name, contract, NFTs held (and copies, for ERC-1155), opens its gallery. */
export function WalletCollectionRow({
  collection,
  featured = false,
  onSelect,
  children,
}: {
  collection: CollectionSummary;
  featured?: boolean;
  onSelect: () => void;
  /** Shown before the name (the sample image). */
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      className="card-button wallet-row"
      data-testid="wallet-collection-row"
      data-contract={collection.contractAddress}
      onClick={onSelect}
    >
      {children}
      <span className="wallet-row__text">
        <span className="wallet-row__name">{displayCollectionName(collection)}</span>
        <span className="wallet-row__address">{shortenAddress(collection.contractAddress)}</span>
      </span>
      {featured ? <span className="pill pill--accent">Featured</span> : null}
      <span className="wallet-row__count" data-testid="wallet-collection-count-held">
        {formatCount(collection.count)} {collection.count === 1 ? 'NFT' : 'NFTs'}
        {collection.quantity !== undefined && collection.quantity > collection.count ? (
          <span className="wallet-row__quantity">
            {' · '}
            {formatCount(collection.quantity)} copies
          </span>
        ) : null}
      </span>
      <span className="wallet-row__chevron" aria-hidden="true">
        ›
      </span>
    </button>
  );
}

export function WalletLoadError({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <section className="wallet" data-testid="wallet-error">
      <button type="button" className="back-link" onClick={onBack}>
        ← Back to Home
      </button>
      <EmptyState title="Failed to Load Collections" description={message}>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Retry
        </button>
      </EmptyState>
    </section>
  );
}
