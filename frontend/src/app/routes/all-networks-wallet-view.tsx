import { useMemo } from 'react';
import {
  ENABLED_NETWORKS,
  NETWORK_LABELS,
  type CollectionSummary,
  type Network,
  type NftsResponse,
} from '@nexus/contract';
import { NetworkBadge } from '../../components/network-badge';
import { ProgressBar } from '../../components/progress-bar';
import { errorText } from '../../lib/api-client';
import { formatCount } from '../../lib/format';
import { PartialNotice } from '../../features/scan/components/partial-notice';
import { useScanResult } from '../../features/scan/hooks/use-scan';
import { toProgressView } from '../../features/scan/scan-progress-view';
import { useScanProgressOf, type ScanTarget } from '../../features/scan/stores/scan-store';
import { isSpamCollection } from '../../features/wallet/spam-filter';
import { groupByContract, sortWalletCollections } from '../../lib/wallet-collections';
import { WalletCollectionRow } from '../../features/wallet/components/wallet-collections-view';
import { WalletIdentity } from '../../features/wallet/components/wallet-identity';
import '../../features/wallet/components/wallet.css';
import './all-networks.css';

/** The order the sections are shown in: the search form's own order of networks. */
export const ALL_NETWORKS_ORDER: readonly Network[] = ['polygon', 'ethereum', 'cronos'];

interface AllNetworksWalletViewProps {
  walletAddress: string;
  /** The ENS name the visitor searched, shown with the address. */
  ensName?: string | undefined;
  featuredContracts: ReadonlySet<string>;
  onBack: () => void;
  /** One network's wallet view (its whole list, search and spam toggle). */
  onOpenNetwork: (network: Network) => void;
  onSelect: (network: Network, collection: CollectionSummary) => void;
}

/**
 * A wallet on every network at once: one scan per (wallet, network), each section with its own live
 * progress, result or error; the networks do not wait for each other.
 */
export function AllNetworksWalletView({ walletAddress, ensName, ...props }: AllNetworksWalletViewProps) {
  return (
    <section className="wallet" data-testid="all-networks-wallet">
      <button type="button" className="back-link" onClick={props.onBack}>
        ← Back to Home
      </button>
      <header className="wallet__header">
        <div>
          <h1 className="wallet__title">Collections Found on All Networks</h1>
          <p className="wallet__subtitle">
            <WalletIdentity walletAddress={walletAddress} searchedName={ensName} />
          </p>
        </div>
      </header>
      {ALL_NETWORKS_ORDER.filter((network) => ENABLED_NETWORKS.includes(network)).map((network) => (
        <NetworkSection key={network} network={network} walletAddress={walletAddress} {...props} />
      ))}
    </section>
  );
}

/** Collections listed per network before "Show all on …". */
const SECTION_ROWS = 5;

function NetworkSection({
  network,
  walletAddress,
  featuredContracts,
  onOpenNetwork,
  onSelect,
}: Omit<AllNetworksWalletViewProps, 'ensName' | 'onBack'> & { network: Network }) {
  const target: ScanTarget = useMemo(
    () => ({ searchType: 'wallet', network, address: walletAddress }),
    [network, walletAddress],
  );
  const scan = useScanResult(target);
  const progress = toProgressView(useScanProgressOf(target));
  const answer: NftsResponse | undefined = scan.data;
  const collections = useMemo(
    () =>
      answer
        ? sortWalletCollections(groupByContract(answer.nfts), featuredContracts).filter(
            (collection) => !isSpamCollection(collection),
          )
        : [],
    [answer, featuredContracts],
  );
  const label = NETWORK_LABELS[network];
  const state = answer ? 'done' : scan.isError ? 'error' : 'scanning';

  return (
    <section
      className="surface-box all-networks__section"
      data-testid="all-networks-section"
      data-network={network}
      data-state={state}
      aria-label={`${label} collections`}
    >
      <header className="all-networks__heading">
        <NetworkBadge network={network} />
        <h2 className="all-networks__title">{label}</h2>
        {answer ? (
          <span className="count-badge" data-testid="all-networks-count">
            {formatCount(collections.length)} {collections.length === 1 ? 'collection' : 'collections'}
          </span>
        ) : null}
        {answer ? <PartialNotice answer={answer} /> : null}
      </header>

      {state === 'scanning' ? (
        <div
          className="all-networks__progress"
          data-testid="all-networks-progress"
          data-stage={progress.stage}
        >
          <ProgressBar percent={progress.percent} label={`${label} scan progress`} thin />
          <span className="muted">
            {progress.label}
            {progress.tokensFound > 0 ? ` · ${formatCount(progress.tokensFound)} tokens` : ''}
          </span>
        </div>
      ) : state === 'error' ? (
        <p className="all-networks__error" role="alert" data-testid="all-networks-error">
          {errorText(scan.error, 'Scan failed')}
        </p>
      ) : collections.length === 0 ? (
        <p className="muted" data-testid="all-networks-empty">
          No NFT collections on {label}.
        </p>
      ) : (
        <>
          <ul className="wallet__list">
            {collections.slice(0, SECTION_ROWS).map((collection) => (
              <li key={collection.contractAddress}>
                <WalletCollectionRow collection={collection} onSelect={() => onSelect(network, collection)} />
              </li>
            ))}
          </ul>
        </>
      )}
      {answer ? (
        <button
          type="button"
          className="button button--link"
          data-testid="all-networks-open"
          onClick={() => onOpenNetwork(network)}
        >
          {collections.length > SECTION_ROWS
            ? `Show all ${formatCount(collections.length)} on ${label} ›`
            : `Open the ${label} view ›`}
        </button>
      ) : null}
    </section>
  );
}
