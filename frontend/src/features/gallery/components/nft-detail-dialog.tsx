import { useQuery } from '@tanstack/react-query';
import { isEvmAddress, type Network, type Nft, type TraitTypeCounts } from '@nexus/contract';
import { AppDialog } from '../../../components/dialog/app-dialog';
import { NetworkBadge } from '../../../components/network-badge';
import { errorText, isApiStatus } from '../../../lib/api-client';
import { formatCount, shortenAddress } from '../../../lib/format';
import { isSafeLinkUrl, mediaImageUrl } from '../../../lib/image-url';
import { nftDetailQuery } from '../api/rarity-api';
import { collectionNameOf, nftDisplayName, nftTraits } from '../gallery-logic';
import { explainedValueCount, formatRarityNumber } from '../rarity-explanation';
import { traitValueCount } from '../trait-filter';
import { heldQuantity } from '../../../lib/wallet-collections';
import { NftChainDetails } from './nft-chain-details';
import { NftImage } from './nft-image';
import { NftOwnership } from './nft-ownership';
import { RarityBadge } from './nft-card';
import { RarityExplanation } from './rarity-explanation';

interface NftDetailDialogProps {
  nft: Nft | null;
  network: Network;
  contractAddress: string;
  /**
   * `server`: ask the API why the NFT ranks where it does (Nexus ranked its collection);
   * `checking`: whether it did is being asked; `unranked`: it did not (nothing is asked).
   */
  explain: 'server' | 'checking' | 'unranked';
  /** Value counts of the collection, for the trait chips. */
  traitSummary: readonly TraitTypeCounts[];
  total: number;
  onClose: () => void;
  onDownload: (nft: Nft) => void;
  downloading: boolean;
  /** Opens the gallery filtered by an owner of this NFT (absent: no such link). */
  onOwner?: (owner: string) => void;
}

/** NFT metadata is untrusted: everything below is rendered as plain text. */
export function NftDetailDialog({ nft, onClose, ...rest }: NftDetailDialogProps) {
  const name = nft ? nftDisplayName(nft) : '';
  return (
    <AppDialog
      open={nft !== null}
      onClose={onClose}
      title={name || 'NFT details'}
      size="lg"
      testId="nft-detail"
    >
      {nft ? <NftDetailBody key={nft.tokenId} nft={nft} name={name} {...rest} /> : null}
    </AppDialog>
  );
}

/** The token ids the index's routes read (a decimal number of at most 78 digits). */
const TOKEN_ID = /^\d{1,78}$/;

const NOT_RANKED_BY_SERVER =
  'No rarity explanation yet: Nexus has not ranked this collection. Search it as a collection to rank it.';

/** A 404 after the collection was found ranked: the NFT itself is not among its stored ones. */
const NFT_NOT_RANKED = 'No rarity explanation: this NFT is not among the ranked NFTs of its collection.';

function NftDetailBody({
  nft,
  name,
  network,
  contractAddress,
  explain,
  traitSummary,
  total,
  onDownload,
  downloading,
  onOwner,
}: Omit<NftDetailDialogProps, 'nft' | 'onClose'> & { nft: Nft; name: string }) {
  const detail = useQuery({
    ...nftDetailQuery(network, contractAddress, nft.tokenId),
    enabled: explain === 'server',
  });
  const quantity = heldQuantity(nft);
  const explanation = detail.data?.rarity ?? null;
  const imageUrl = mediaImageUrl(nft.image);
  const canOpen = imageUrl !== '' && isSafeLinkUrl(imageUrl);
  const traits = nftTraits(nft);
  const rank = nft.rarityRank ?? explanation?.rank ?? null;
  const score = nft.rarityScore ?? explanation?.score ?? null;
  const scored = explanation?.tokenCount ?? total;
  const unavailable =
    explain === 'unranked'
      ? NOT_RANKED_BY_SERVER
      : explain === 'server' && detail.isError
        ? isApiStatus(detail.error, 404)
          ? NFT_NOT_RANKED
          : `Rarity explanation unavailable: ${errorText(detail.error, 'request failed')}`
        : null;

  return (
    <div className="nft-detail">
      <div className="nft-detail__media">
        <NftImage src={nft.image} fallback={nft.imageFallback} alt={name} eager />
        <div className="nft-detail__actions">
          {canOpen ? (
            <a className="button button--ghost" href={imageUrl} target="_blank" rel="noopener noreferrer">
              Open in new tab ↗
            </a>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            // Stays focusable while busy (a disabled button would drop the focus out of the dialog).
            disabled={!imageUrl}
            aria-disabled={downloading}
            onClick={() => {
              if (!downloading) onDownload(nft);
            }}
            data-testid="nft-download"
          >
            {downloading ? 'Downloading...' : 'Download'}
          </button>
        </div>
      </div>
      <div className="nft-detail__info">
        <dl className="facts">
          <div>
            <dt>Token ID</dt>
            <dd className="facts__mono">#{nft.tokenId}</dd>
          </div>
          <div>
            <dt>Rarity Rank</dt>
            <dd data-testid="nft-detail-rank">
              {rank !== null ? (
                <RarityBadge rank={rank} />
              ) : explain === 'unranked' ? (
                'Not ranked'
              ) : (
                'Unranked'
              )}
            </dd>
          </div>
          <div>
            <dt>Rarity Score</dt>
            <dd>{score !== null ? formatRarityNumber(score) : '—'}</dd>
          </div>
          <div>
            <dt>Type</dt>
            <dd>{nft.tokenType || 'ERC-721'}</dd>
          </div>
          {quantity > 1 ? (
            <div>
              <dt>Quantity held</dt>
              <dd data-testid="nft-detail-quantity">×{formatCount(quantity)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Network</dt>
            <dd>
              <NetworkBadge network={nft.network} />
            </dd>
          </div>
          <div>
            <dt>Contract</dt>
            <dd className="facts__mono" title={nft.contract.address}>
              {shortenAddress(nft.contract.address)}
            </dd>
          </div>
        </dl>

        <section className="nft-detail__section">
          <h3>Collection</h3>
          <p>{collectionNameOf(nft) || 'Unknown collection'}</p>
        </section>

        {nft.metadataReason ? (
          <section className="nft-detail__section" data-testid="nft-detail-metadata-reason">
            <h3>{nft.metadataUnavailable ? 'Metadata pending' : 'No metadata'}</h3>
            <p className="muted">{nft.metadataReason}</p>
          </section>
        ) : null}

        {nft.description ? (
          <section className="nft-detail__section">
            <h3>Description</h3>
            <p className="nft-detail__description">{nft.description}</p>
          </section>
        ) : null}

        <section className="nft-detail__section">
          <h3>Traits</h3>
          {traits.length === 0 ? (
            <p className="muted">No traits</p>
          ) : (
            <ul className="traits">
              {traits.map((trait, index) => {
                const value = String(trait.value);
                const count =
                  explainedValueCount(explanation, trait.trait_type, trait.value) ??
                  traitValueCount(traitSummary, trait.trait_type, trait.value);
                return (
                  <li key={`${trait.trait_type}-${index}`} className="traits__item" data-testid="nft-trait">
                    <span className="traits__type">{trait.trait_type}</span>
                    <span className="traits__value" title={value}>
                      {value}
                    </span>
                    {count !== null ? (
                      <span
                        className="traits__count"
                        title={`${formatCount(count)} of ${formatCount(scored)} NFTs have it`}
                      >
                        {formatCount(count)}
                      </span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
      <div className="nft-detail__wide">
        <RarityExplanation
          explanation={explanation}
          loading={explain === 'checking' || (explain === 'server' && detail.isPending)}
          unavailable={unavailable}
        />
        <NftChainDetails nft={nft} network={network} contractAddress={contractAddress} />
        {isEvmAddress(contractAddress) && TOKEN_ID.test(nft.tokenId) ? (
          <NftOwnership
            network={network}
            contractAddress={contractAddress}
            tokenId={nft.tokenId}
            {...(onOwner ? { onOwner } : {})}
          />
        ) : null}
      </div>
    </div>
  );
}
