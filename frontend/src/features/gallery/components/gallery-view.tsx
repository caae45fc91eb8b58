import { useQuery } from '@tanstack/react-query';
import * as Tabs from '@radix-ui/react-tabs';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { isEvmAddress, type Network, type Nft } from '@nexus/contract';
import { EmptyState } from '../../../components/empty-state';
import { NetworkBadge } from '../../../components/network-badge';
import { Spinner } from '../../../components/spinner';
import { formatCount } from '../../../lib/format';
import { useWalletCollectionRanks } from '../../../api/use-collection-ranks';
import { heldQuantity } from '../../../lib/wallet-collections';
import { collectionTraitsQuery, nftDetailQuery } from '../api/rarity-api';
import { sortDirection, type ViewMode } from '../gallery-logic';
import {
  COLLECTION_TABS,
  isCollectionTab,
  type CollectionTab,
  type GalleryViewChange,
  type GalleryViewState,
} from '../gallery-view-state';
import { useCollectionRarity } from '../hooks/use-collection-rarity';
import { useGalleryPage, useLocalTraitSummary } from '../hooks/use-gallery-page';
import { useLiveCollection } from '../hooks/use-live-collection';
import { useMetadataUpdates } from '../hooks/use-metadata-updates';
import { useNftDownload } from '../hooks/use-nft-download';
import { useGalleryPreferences } from '../stores/gallery-store';
import { selectedValueCount, toggleTraitValue } from '../trait-filter';
import { CollectionLinks } from './collection-links';
import { DownloadNoticeDialog } from './download-notice-dialog';
import { GalleryPager } from './gallery-pager';
import { GalleryToolbar } from './gallery-toolbar';
import { NftCard } from './nft-card';
import { NftDetailDialog } from './nft-detail-dialog';
import { OwnerFilter, OwnerNotice } from './owner-filter';
import { RarityStatus } from './rarity-progress';
import { TraitFilterBar } from './trait-filter-bar';
import '../../../components/tabs.css';
import './gallery.css';

/** Activity and Holders come with their own code (and the chart), fetched when first opened. */
const CollectionInsights = lazy(() => import('./collection-insights'));

const TAB_LABELS: Readonly<Record<CollectionTab, string>> = {
  nfts: 'NFTs',
  activity: 'Activity',
  holders: 'Holders',
};

export interface GalleryCollection {
  name: string;
  contractAddress: string;
  network: Network;
  nfts: Nft[];
  /**
   * `nfts` is only the first page of a collection larger than the server answers whole
   * (POST /api/nfts `paging`): the gallery reads every page from the server and ranks nothing here.
   */
  partial?: boolean;
}

/**
 * `collection`: every NFT of the collection (ranked here, traits and live rarity job from the API).
 * `wallet`: the NFTs a wallet holds of it, with the whole collection's ranks where Nexus stored them
 * and none otherwise (never ranks among the wallet's NFTs alone).
 */
export type GalleryScope = 'collection' | 'wallet';

interface GalleryViewProps {
  collection: GalleryCollection | null;
  scope: GalleryScope;
  backLabel: string;
  onBack: () => void;
  /** Extra header content, e.g. the load-time badge. */
  badges?: ReactNode;
  /** A line under the header, e.g. the progress of a scan still running. */
  notice?: ReactNode;
  /** Sort, page, filters and the open NFT: owned by the caller (the app keeps them in the address). */
  view: GalleryViewState;
  onViewChange: (change: GalleryViewChange) => void;
}

function BackButton({ label, onBack }: { label: string; onBack: () => void }) {
  return (
    <button type="button" className="back-link" onClick={onBack}>
      ← {label}
    </button>
  );
}

export function GalleryView({ collection, ...props }: GalleryViewProps) {
  if (!collection) {
    return (
      <section className="gallery" data-testid="gallery">
        <EmptyState title="No collection selected">
          <button type="button" className="button button--primary" onClick={props.onBack}>
            ← {props.backLabel}
          </button>
        </EmptyState>
      </section>
    );
  }
  return <GalleryContent collection={collection} {...props} />;
}

function GalleryContent({
  collection,
  scope,
  backLabel,
  onBack,
  badges,
  notice,
  view,
  onViewChange,
}: GalleryViewProps & { collection: GalleryCollection }) {
  const { viewMode: usualViewMode, setViewMode: setUsualViewMode } = useGalleryPreferences();
  const { sort, text, traits: traitSelection, nft: selectedTokenId } = view;
  // The address's layout first (a shared link keeps it), else the visitor's usual one.
  const viewMode = view.viewMode ?? usualViewMode;
  const setViewMode = (mode: ViewMode) => {
    setUsualViewMode(mode);
    onViewChange({ patch: { viewMode: mode }, mode: 'replace' });
  };
  const download = useNftDownload();
  const { network, contractAddress } = collection;
  const tab = view.tab;

  const knownContract = isEvmAddress(contractAddress);
  // A stored collection is paged, filtered and counted by the server (GET /api/collections/…/nfts).
  const paged = knownContract && scope === 'collection';
  const partial = collection.partial === true;
  // A wallet's share shows the whole collection's ranks, as the server stored them (or none).
  const wallet = useWalletCollectionRanks(network, contractAddress, collection.nfts, scope === 'wallet');
  const calculates = knownContract && !partial && scope === 'collection';
  const rarity = useCollectionRarity({
    network,
    contractAddress,
    nfts: scope === 'wallet' ? wallet.nfts : collection.nfts,
    calculate: calculates,
    followJob: paged,
  });
  // New transfers and reorganisations the transfer index sees, on every tab and in the NFT dialog.
  useLiveCollection(network, contractAddress, knownContract);
  const localRanks = useMemo(
    () =>
      paged && rarity.result
        ? new Map(
            rarity.result.nfts.map((n) => [
              n.tokenId,
              { rarityScore: n.rarityScore, rarityRank: n.rarityRank },
            ]),
          )
        : null,
    [paged, rarity.result],
  );
  const current = useGalleryPage({
    network,
    contractAddress,
    nfts: rarity.nfts,
    view,
    paged,
    partial,
    localRanks,
  });

  // Metadata that arrives after the scan (slow hosts) shows up without a reload.
  useMetadataUpdates(network, contractAddress, paged, current.items);

  // The whole collection's counts, for the detail dialog (the filter bar shows the filter's counts).
  const traits = useQuery({ ...collectionTraitsQuery(network, contractAddress), enabled: paged });
  const serverSummary = traits.data?.traitTypes;
  // The server's counts are on their way for a stored collection: counting 10,000 NFTs here as well
  // would only delay the first cards. Counted here when the server has none (or failed).
  const awaitingServer =
    paged && (current.pending || (traits.isPending && traits.fetchStatus === 'fetching'));
  const localSummary = useLocalTraitSummary(
    collection.nfts,
    Boolean(serverSummary) || awaitingServer || current.traitSummary !== null,
  );
  const collectionSummary = serverSummary ?? localSummary ?? current.traitSummary ?? [];
  const filterSummary = current.traitSummary ?? collectionSummary;

  const total = current.total;
  // ERC-1155: the copies held of each NFT, added up (a wallet holds 5 of one, 7 of another).
  const quantity = useMemo(
    () => (scope === 'wallet' ? collection.nfts.reduce((sum, nft) => sum + heldQuantity(nft), 0) : 0),
    [scope, collection.nfts],
  );
  const filtering = selectedValueCount(traitSelection) > 0 || text.trim() !== '' || view.owner !== '';
  const atHand =
    selectedTokenId === null
      ? null
      : (current.items.find((nft) => nft.tokenId === selectedTokenId) ??
        rarity.nfts.find((nft) => nft.tokenId === selectedTokenId) ??
        null);
  // A shared link to a token of a stored collection that is on no page at hand: asked for alone
  // (the dialog reads the same query for the token's rarity explanation).
  const linked = useQuery({
    ...nftDetailQuery(network, contractAddress, selectedTokenId ?? ''),
    enabled: paged && selectedTokenId !== null && atHand === null,
  });
  const selected = atHand ?? linked.data ?? null;

  // A new filter, search or sort starts again from page 1.
  const filter = (patch: Partial<GalleryViewState>) =>
    onViewChange({ patch: { ...patch, page: 1 }, mode: 'replace' });

  const toggleTrait = (typeKey: string, valueKey: string) =>
    filter({ traits: toggleTraitValue(traitSelection, typeKey, valueKey) });

  const clearTraits = () => filter({ traits: {} });

  const clearFilters = () => filter({ traits: {}, text: '', owner: '' });

  // "This owner's NFTs in this collection", from a holder or an NFT's owner: the NFTs view, filtered.
  const showOwner = (owner: string) =>
    onViewChange({ patch: { owner, nft: null, page: 1, tab: 'nfts' }, mode: 'push' });

  const goTo = (next: number) => {
    onViewChange({ patch: { page: next }, mode: 'push' });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  // The gallery itself: the collection's default view (its other views are Activity and Holders).
  const nftsView = (
    <>
      <GalleryToolbar
        text={text}
        sort={sort}
        filtering={filtering}
        viewMode={viewMode}
        onText={(next) => filter({ text: next })}
        onSort={(next) => filter({ sort: next, order: null })}
        order={sortDirection(sort, view.order)}
        onOrder={(next) => filter({ order: next })}
        onClearFilters={clearFilters}
        onViewMode={setViewMode}
        ownerFilter={
          paged ? (
            <OwnerFilter owner={view.owner} resolved={current.owner} onOwner={(owner) => filter({ owner })} />
          ) : undefined
        }
      />
      {paged ? <OwnerNotice owner={view.owner} resolved={current.owner} error={current.error} /> : null}

      <TraitFilterBar
        summary={filterSummary}
        loading={current.traitSummary === null && (current.pending || traits.isFetching)}
        selection={traitSelection}
        onToggle={toggleTrait}
        onClear={clearTraits}
      />

      {current.waiting ? (
        <div className="gallery__waiting" data-testid="gallery-waiting">
          <Spinner label="Loading NFTs..." size="lg" />
        </div>
      ) : current.matching === 0 ? (
        <EmptyState
          title="No NFTs Found"
          description={
            filtering ? 'Try adjusting your filters to see more NFTs' : 'This collection appears to be empty'
          }
        />
      ) : (
        <>
          <div className={`nft-grid nft-grid--${viewMode}`} data-testid="nft-grid">
            {current.items.map((nft) => (
              <NftCard
                key={`${nft.contract.address}:${nft.tokenId}`}
                nft={nft}
                viewMode={viewMode}
                onOpen={(nft) => onViewChange({ patch: { nft: nft.tokenId }, mode: 'push' })}
              />
            ))}
          </div>
          <GalleryPager page={current.page} pageCount={current.pageCount} onPage={goTo} />
        </>
      )}
    </>
  );

  return (
    <section className="gallery" data-testid="gallery" aria-busy={current.updating}>
      <BackButton label={backLabel} onBack={onBack} />

      <header className="stack gallery__header">
        <div className="gallery__heading">
          <h1 className="gallery__title">{collection.name}</h1>
          <span className="count-badge count-badge--lg" data-testid="gallery-count">
            {current.waiting ? '…' : `${formatCount(current.matching)} / ${formatCount(total)}`}
          </span>
          <NetworkBadge network={collection.network} />
          {quantity > collection.nfts.length ? (
            <span
              className="count-badge"
              data-testid="gallery-quantity"
              title="Copies held, all NFTs together"
            >
              {formatCount(quantity)} copies held
            </span>
          ) : null}
          {badges}
        </div>
        <code className="gallery__address">{collection.contractAddress}</code>
        <CollectionLinks network={collection.network} contractAddress={collection.contractAddress} />
        <RarityStatus
          progress={rarity.progress}
          ranked={current.ranked}
          total={total}
          canRecalculate={calculates}
          calculating={rarity.calculating}
          onRecalculate={rarity.recalculate}
          note={
            scope === 'wallet' && wallet.ranks
              ? `ranks of the whole collection (${formatCount(wallet.ranks.rankedTotal)} NFTs)`
              : undefined
          }
          unranked={scope === 'wallet' ? walletUnrankedText(wallet.state) : undefined}
        />
      </header>
      {notice}

      {paged ? (
        <Tabs.Root
          value={tab}
          onValueChange={(value) => {
            if (isCollectionTab(value)) onViewChange({ patch: { tab: value }, mode: 'push' });
          }}
        >
          <Tabs.List className="tabs gallery__tabs" aria-label="Collection views">
            {COLLECTION_TABS.map((id) => (
              <Tabs.Trigger key={id} value={id} className="tabs__tab" data-testid={`collection-tab-${id}`}>
                {TAB_LABELS[id]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="nfts">{nftsView}</Tabs.Content>
          {(['activity', 'holders'] as const).map((id) => (
            <Tabs.Content key={id} value={id}>
              <Suspense fallback={<Spinner label="Loading..." />}>
                <CollectionInsights
                  view={id}
                  network={network}
                  contractAddress={contractAddress}
                  onOwner={showOwner}
                />
              </Suspense>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        nftsView
      )}

      <NftDetailDialog
        nft={selected}
        network={network}
        contractAddress={contractAddress}
        explain={
          !knownContract
            ? 'unranked'
            : scope === 'collection' || wallet.state === 'ranked'
              ? 'server'
              : wallet.state === 'checking'
                ? 'checking'
                : 'unranked'
        }
        traitSummary={collectionSummary}
        total={total}
        onClose={() => onViewChange({ patch: { nft: null }, mode: 'replace' })}
        onDownload={download.request}
        downloading={selected !== null && download.isBusy(selected)}
        {...(paged ? { onOwner: showOwner } : {})}
      />
      <DownloadNoticeDialog
        key={download.noticeOpen ? 'open' : 'closed'}
        open={download.noticeOpen}
        onConfirm={download.confirm}
        onCancel={download.cancel}
      />
    </section>
  );
}

/** What a wallet's gallery says when it has no ranks to show. */
function walletUnrankedText(state: 'checking' | 'ranked' | 'unranked' | 'unknown'): string | undefined {
  if (state === 'unranked')
    return 'Nexus has not ranked this collection yet: search it as a collection to rank it';
  if (state === 'checking') return 'Looking for the collection’s ranks...';
  return undefined;
}
