import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { Network, Nft } from '@nexus/contract';
import { EmptyState } from '../../../components/empty-state';
import { NetworkBadge } from '../../../components/network-badge';
import { formatCount } from '../../../lib/format';
import { collectionTraitsQuery } from '../api/rarity-api';
import {
  GALLERY_SORTS,
  GALLERY_SORT_LABELS,
  VIEW_MODES,
  filterByText,
  paginate,
  sortNfts,
  type GallerySort,
  type ViewMode,
} from '../gallery-logic';
import type { GalleryViewChange, GalleryViewState } from '../gallery-view-state';
import { useCollectionRarity } from '../hooks/use-collection-rarity';
import { useNftDownload } from '../hooks/use-nft-download';
import { useGalleryPreferences } from '../stores/gallery-store';
import {
  filterByTraitSelection,
  selectedValueCount,
  summarizeNftTraits,
  toggleTraitValue,
} from '../trait-filter';
import { DownloadNoticeDialog } from './download-notice-dialog';
import { NftCard } from './nft-card';
import { NftDetailDialog } from './nft-detail-dialog';
import { RarityStatus } from './rarity-progress';
import { TraitFilterBar } from './trait-filter-bar';
import './gallery.css';

export interface GalleryCollection {
  name: string;
  contractAddress: string;
  network: Network;
  nfts: Nft[];
}

/**
 * `collection`: every NFT of the collection (ranked here, traits and live rarity job from the API).
 * `wallet`: the NFTs a wallet holds of it (ranks are the collection's own when Nexus stored them).
 */
export type GalleryScope = 'collection' | 'wallet';

interface GalleryViewProps {
  collection: GalleryCollection | null;
  scope: GalleryScope;
  backLabel: string;
  onBack: () => void;
  /** Extra header content, e.g. the load-time badge. */
  badges?: ReactNode;
  /** Sort, page, filters and the open NFT: owned by the caller (the app keeps them in the address). */
  view: GalleryViewState;
  onViewChange: (change: GalleryViewChange) => void;
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const VIEW_MODE_LABELS: Record<ViewMode, string> = {
  'small-grid': 'Small grid',
  'big-grid': 'Big grid',
  list: 'List',
};

const VIEW_MODE_ICONS: Record<ViewMode, string> = {
  'small-grid': '▦',
  'big-grid': '▣',
  list: '☰',
};

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
  view,
  onViewChange,
}: GalleryViewProps & { collection: GalleryCollection }) {
  const { viewMode, setViewMode } = useGalleryPreferences();
  const { sort, text, traits: traitSelection, page, nft: selectedTokenId } = view;
  const download = useNftDownload();
  const { network, contractAddress } = collection;

  const knownContract = EVM_ADDRESS.test(contractAddress);
  // A wallet's share of a collection is ranked here only when Nexus has no ranks of the whole collection.
  const hasStoredRanks = useMemo(
    () => collection.nfts.some((nft) => nft.rarityRank !== null),
    [collection.nfts],
  );
  const calculates = knownContract && (scope === 'collection' || !hasStoredRanks);
  const walletRanks = scope === 'wallet' && calculates;
  const rarity = useCollectionRarity({
    network,
    contractAddress,
    nfts: collection.nfts,
    calculate: calculates,
    followJob: knownContract && scope === 'collection',
  });
  const nfts = rarity.nfts;

  const traits = useQuery({
    ...collectionTraitsQuery(network, contractAddress),
    enabled: knownContract && scope === 'collection',
  });
  const serverSummary = traits.data?.traitTypes;
  // The server's counts are on their way for a stored collection: counting 10,000 NFTs here as well
  // would only delay the first cards. Counted here when the server has none (or failed).
  const awaitingServer = traits.isPending && traits.fetchStatus === 'fetching';
  const localSummary = useMemo(
    () => (serverSummary || awaitingServer ? null : summarizeNftTraits(collection.nfts)),
    [serverSummary, awaitingServer, collection.nfts],
  );
  const traitSummary = serverSummary ?? localSummary ?? [];

  const total = nfts.length;
  const visible = useMemo(
    () => sortNfts(filterByText(filterByTraitSelection(nfts, traitSelection), text), sort),
    [nfts, traitSelection, text, sort],
  );
  const current = paginate(visible, page);
  const filtering = selectedValueCount(traitSelection) > 0 || text.trim() !== '';
  const ranked = useMemo(() => nfts.filter((nft) => nft.rarityRank !== null).length, [nfts]);
  const selected =
    selectedTokenId === null ? null : (nfts.find((nft) => nft.tokenId === selectedTokenId) ?? null);

  // A new filter, search or sort starts again from page 1.
  const filter = (patch: Partial<GalleryViewState>) =>
    onViewChange({ patch: { ...patch, page: 1 }, mode: 'replace' });

  const toggleTrait = (typeKey: string, valueKey: string) =>
    filter({ traits: toggleTraitValue(traitSelection, typeKey, valueKey) });

  const clearTraits = () => filter({ traits: {} });

  const clearFilters = () => filter({ traits: {}, text: '' });

  const goTo = (next: number) => {
    onViewChange({ patch: { page: next }, mode: 'push' });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <section className="gallery" data-testid="gallery">
      <BackButton label={backLabel} onBack={onBack} />

      <header className="gallery__header">
        <div className="gallery__heading">
          <h1 className="gallery__title">{collection.name}</h1>
          <span className="count-badge count-badge--lg" data-testid="gallery-count">
            {formatCount(visible.length)} / {formatCount(total)}
          </span>
          <NetworkBadge network={collection.network} />
          {badges}
        </div>
        <code className="gallery__address">{collection.contractAddress}</code>
        <RarityStatus
          progress={rarity.progress}
          ranked={ranked}
          total={total}
          canRecalculate={calculates}
          calculating={rarity.calculating}
          onRecalculate={rarity.recalculate}
          note={walletRanks ? "ranks compare this wallet's NFTs of the collection" : undefined}
        />
      </header>

      <div className="filter-bar">
        <input
          className="text-field filter-bar__search"
          type="search"
          placeholder="Search by name or token ID"
          aria-label="Search NFTs by name or token ID"
          value={text}
          onChange={(event) => filter({ text: event.target.value })}
        />
        <label className="select-field">
          <span className="select-field__prefix">Sort</span>
          <select
            className="select-field__control"
            data-testid="gallery-sort"
            value={sort}
            onChange={(event) => filter({ sort: event.target.value as GallerySort })}
          >
            {GALLERY_SORTS.map((option) => (
              <option key={option} value={option}>
                {GALLERY_SORT_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        {filtering ? (
          <button type="button" className="button button--link" onClick={clearFilters}>
            Clear filters
          </button>
        ) : null}
        <div className="view-modes" role="group" aria-label="View mode">
          {VIEW_MODES.map((mode) => (
            <button
              key={mode}
              type="button"
              className={`view-modes__button${viewMode === mode ? ' view-modes__button--active' : ''}`}
              aria-pressed={viewMode === mode}
              aria-label={VIEW_MODE_LABELS[mode]}
              title={VIEW_MODE_LABELS[mode]}
              data-testid={`view-mode-${mode}`}
              onClick={() => setViewMode(mode)}
            >
              {VIEW_MODE_ICONS[mode]}
            </button>
          ))}
        </div>
      </div>

      <TraitFilterBar
        summary={traitSummary}
        loading={traits.isFetching}
        selection={traitSelection}
        onToggle={toggleTrait}
        onClear={clearTraits}
      />

      {visible.length === 0 ? (
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
          {current.pageCount > 1 ? (
            <nav className="pager" aria-label="Pages" data-testid="gallery-pager">
              <button
                type="button"
                className="button button--ghost"
                disabled={current.page <= 1}
                onClick={() => goTo(current.page - 1)}
              >
                ← Previous
              </button>
              <span className="pager__status">
                Page {current.page} of {current.pageCount}
              </span>
              <button
                type="button"
                className="button button--ghost"
                disabled={current.page >= current.pageCount}
                onClick={() => goTo(current.page + 1)}
              >
                Next →
              </button>
            </nav>
          ) : null}
        </>
      )}

      <NftDetailDialog
        nft={selected}
        network={network}
        contractAddress={contractAddress}
        explain={knownContract}
        walletRanks={walletRanks}
        traitSummary={traitSummary}
        total={total}
        onClose={() => onViewChange({ patch: { nft: null }, mode: 'replace' })}
        onDownload={download.request}
        downloading={selected !== null && download.isBusy(selected)}
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
