import { useMemo, type ReactNode } from 'react';
import type { NftsResponse, WhitelistedCollection } from '@nexus/contract';
import { ENABLED_NETWORKS, isNetwork } from '@nexus/contract';
import { featuredContractSet, useWhitelistedCollections } from '../../api/whitelisted-collections';
import { AppHeader } from '../../components/app-header';
import { Spinner } from '../../components/spinner';
import { errorText } from '../../lib/api-client';
import { GalleryView, type GalleryCollection } from '../../features/gallery/components/gallery-view';
import type { GalleryViewState } from '../../features/gallery/gallery-view-state';
import { DEFAULT_GALLERY_VIEW } from '../../features/gallery/gallery-view-state';
import { HomeDashboard } from '../../features/home/components/home-dashboard';
import { CollectionErrorCard } from '../../features/scan/components/collection-error-card';
import { LoadTimeBadge } from '../../features/scan/components/load-time-badge';
import { PartialNotice } from '../../features/scan/components/partial-notice';
import { ScanOverlay } from '../../features/scan/components/scan-overlay';
import { ScanPendingView } from '../../features/scan/components/scan-pending-view';
import { ScanningNotice } from '../../features/scan/components/scanning-notice';
import { useScanActions, useScanResult } from '../../features/scan/hooks/use-scan';
import { useScanningPage } from '../../features/scan/hooks/use-scanning-page';
import {
  scanTargetKey,
  useScanHistory,
  useScanProgress,
  useScanStore,
  type ScanTarget,
} from '../../features/scan/stores/scan-store';
import { CollectionElsewhere } from '../../features/search/components/collection-elsewhere';
import { SearchForm, type SearchRequest } from '../../features/search/components/search-form';
import { SearchHelp } from '../../features/search/components/search-help';
import { useSearchStore } from '../../features/search/stores/search-store';
import { VoteWidget } from '../../features/vote/components/vote-widget';
import { AllNetworksWalletView } from './all-networks-wallet-view';
import {
  displayCollectionName,
  WalletCollectionsView,
  WalletLoadError,
} from '../../features/wallet/components/wallet-collections-view';
import { groupByContract } from '../../lib/wallet-collections';
import type { ExplorerState } from '../explorer-url';
import { useExplorer } from '../use-explorer';

function collectionTitle(target: ScanTarget, answer: NftsResponse): string {
  const first = answer.nfts[0];
  return (
    target.label ||
    first?.contract?.openSeaMetadata?.collectionName ||
    first?.contract?.name ||
    first?.collection?.name ||
    target.address
  );
}

/** The scan a view needs; its label from the history entry, else the whitelist's name for it. */
function scanTargetOf(
  state: ExplorerState,
  label: string | undefined,
  whitelist: readonly WhitelistedCollection[] | undefined,
): ScanTarget | null {
  if (state.view === 'home' || state.view === 'wallets') return null;
  const known =
    state.view === 'collection'
      ? whitelist?.find(
          (c) =>
            c.network === state.network && c.contractAddress.toLowerCase() === state.address.toLowerCase(),
        )?.name
      : undefined;
  const name = label ?? known;
  return {
    searchType: state.view,
    network: state.network,
    address: state.address,
    ...(name ? { label: name } : {}),
  };
}

/**
 * Home and the views reached from it (SPEC §2: home, collection loading, wallet view, NFT grid, NFT modal).
 * The view lives in the page address (explorer-url.ts); this is where the features meet: search
 * starts a scan, whose result feeds the wallet list or the gallery.
 */
export function HomeRoute() {
  const explorer = useExplorer();
  const { state } = explorer;
  const whitelist = useWhitelistedCollections();
  const featuredContracts = useMemo(() => featuredContractSet(whitelist.data), [whitelist.data]);
  const target = useMemo(
    () => scanTargetOf(state, explorer.history.label, whitelist.data),
    [state, explorer.history.label, whitelist.data],
  );
  const progress = useScanProgress(target);
  const history = useScanHistory(target);
  const skippedKey = useScanStore((store) => store.skippedKey);
  const { prepareScan, retryScan, cancelScan } = useScanActions();
  const scan = useScanResult(target);
  const walletCollection = state.view === 'wallet' ? state.collection : null;
  const labelEntry = explorer.history.label ? { label: explorer.history.label } : {};

  // The wallet's NFTs of the chosen collection, kept as one list while the answer is the same (rarity keys on it).
  const walletSelection = useMemo(() => {
    if (!walletCollection || !scan.data) return null;
    const key = walletCollection.toLowerCase();
    const nfts = scan.data.nfts.filter((nft) => nft.contract.address.toLowerCase() === key);
    const summary = groupByContract(nfts)[0];
    return summary ? { summary, nfts } : null;
  }, [walletCollection, scan.data]);

  const search = (request: SearchRequest) => {
    if (request.searchType === 'wallet' && useSearchStore.getState().allNetworks) {
      searchAllNetworks(request);
      return;
    }
    prepareScan(request);
    const { label, ...where } = request;
    explorer.open(
      where.searchType === 'wallet'
        ? {
            view: 'wallet',
            network: where.network,
            address: where.address,
            collection: null,
            gallery: DEFAULT_GALLERY_VIEW,
          }
        : {
            view: 'collection',
            network: where.network,
            address: where.address,
            gallery: DEFAULT_GALLERY_VIEW,
          },
      label ? { label } : {},
    );
  };

  // A wallet on every network: one scan per network, each asked afresh (SPEC §4, like one network's).
  const searchAllNetworks = ({ address, label }: SearchRequest) => {
    for (const network of ENABLED_NETWORKS) prepareScan({ searchType: 'wallet', network, address });
    explorer.open({ view: 'wallets', address }, label ? { label } : {});
  };

  const explore = (collection: WhitelistedCollection) => {
    if (!isNetwork(collection.network)) return;
    search({
      searchType: 'collection',
      network: collection.network,
      address: collection.contractAddress,
      label: collection.name,
    });
  };

  const backHome = () => {
    cancelScan(target);
    explorer.home('push');
  };

  const answer = scan.data;
  const scanning = target !== null && scan.isFetching && !answer;
  // A partial answer says so, and why, wherever its NFTs are shown.
  const partialNotice = answer ? <PartialNotice answer={answer} /> : null;
  const badge = answer ? (
    <>
      <LoadTimeBadge fromCache={answer.fromCache} loadTime={answer.loadTime} />
      {partialNotice}
    </>
  ) : null;
  // A large collection's scan: its NFTs stored so far show in the gallery, without the overlay.
  const scanningPage = useScanningPage(target, scanning, progress);
  const overlay = scanning && target && skippedKey !== scanTargetKey(target) && !scanningPage;

  // A collection's gallery, from the stored pages while it scans or from the scan's answer.
  const collectionGallery = (
    collection: GalleryCollection,
    view: GalleryViewState,
    extra: { badges?: ReactNode; notice?: ReactNode },
  ) =>
    target && (
      <GalleryView
        key={`${target.network}:${target.address}`}
        collection={collection}
        scope="collection"
        backLabel="Back to Home"
        onBack={backHome}
        {...extra}
        view={view}
        onViewChange={explorer.changeGallery}
      />
    );

  let content;
  if (state.view === 'wallets') {
    content = (
      <AllNetworksWalletView
        walletAddress={state.address}
        ensName={explorer.history.label}
        featuredContracts={featuredContracts}
        onBack={() => explorer.home('push')}
        onOpenNetwork={(network) =>
          explorer.open(
            {
              view: 'wallet',
              network,
              address: state.address,
              collection: null,
              gallery: DEFAULT_GALLERY_VIEW,
            },
            labelEntry,
          )
        }
        onSelect={(network, summary) =>
          explorer.open(
            {
              view: 'wallet',
              network,
              address: state.address,
              collection: summary.contractAddress,
              gallery: DEFAULT_GALLERY_VIEW,
            },
            labelEntry,
          )
        }
      />
    );
  } else if (!target || state.view === 'home') {
    content = (
      <HomeDashboard
        searchSlot={<SearchForm onSearch={search} />}
        searchHelpSlot={<SearchHelp />}
        voteSlot={<VoteWidget />}
        onExplore={explore}
      />
    );
  } else if (scanning && scanningPage && state.view === 'collection') {
    const collection: GalleryCollection = {
      name: target.label || scanningPage.name || target.address,
      contractAddress: target.address,
      network: target.network,
      nfts: scanningPage.nfts,
      partial: true,
    };
    content = collectionGallery(collection, state.gallery, {
      notice: <ScanningNotice scanning={scanningPage.scanning} progress={progress} />,
    });
  } else if (scanning) {
    content = <ScanPendingView target={target} progress={progress} onBack={backHome} />;
  } else if (scan.isError) {
    const message = errorText(scan.error, 'Scan failed');
    content =
      target.searchType === 'collection' ? (
        <CollectionErrorCard
          target={target}
          message={message}
          onBack={backHome}
          onRetry={() => retryScan(target)}
          hint={
            <CollectionElsewhere
              address={target.address}
              network={target.network}
              onOpen={(location) =>
                search({
                  searchType: 'collection',
                  network: location.network,
                  address: target.address,
                  label: location.name || undefined,
                })
              }
            />
          }
        />
      ) : (
        <WalletLoadError message={message} onBack={backHome} />
      );
  } else if (!answer) {
    content = <Spinner label="Loading..." size="lg" />;
  } else if (state.view === 'collection') {
    const collection: GalleryCollection = {
      name: collectionTitle(target, answer),
      contractAddress: target.address,
      network: target.network,
      nfts: answer.nfts,
      partial: answer.paging !== undefined,
    };
    content = collectionGallery(collection, state.gallery, { badges: badge });
  } else if (state.collection !== null) {
    const collection: GalleryCollection | null = walletSelection
      ? {
          name: displayCollectionName(walletSelection.summary),
          contractAddress: walletSelection.summary.contractAddress,
          network: target.network,
          nfts: walletSelection.nfts,
        }
      : null;
    content = (
      <GalleryView
        key={state.collection.toLowerCase()}
        collection={collection}
        scope="wallet"
        backLabel="Back to Collections"
        onBack={() => explorer.open({ ...state, collection: null }, labelEntry)}
        badges={partialNotice}
        view={state.gallery}
        onViewChange={explorer.changeGallery}
      />
    );
  } else {
    content = (
      <WalletCollectionsView
        walletAddress={target.address}
        ensName={target.label}
        network={target.network}
        nfts={answer.nfts}
        featuredContracts={featuredContracts}
        onBack={backHome}
        onSelect={(summary) =>
          explorer.open(
            { ...state, collection: summary.contractAddress, gallery: DEFAULT_GALLERY_VIEW },
            labelEntry,
          )
        }
        badges={badge}
      />
    );
  }

  return (
    <>
      <AppHeader />
      <main className="main">{content}</main>
      {overlay && target ? (
        <ScanOverlay
          target={target}
          progress={progress}
          history={history}
          onCancel={() => {
            cancelScan(target);
            explorer.home('replace');
          }}
          onSkip={() => useScanStore.getState().skip(scanTargetKey(target))}
        />
      ) : null}
    </>
  );
}
