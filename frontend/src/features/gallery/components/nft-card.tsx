import type { Nft } from '@nexus/contract';
import { nftDisplayName, rarityTier, type ViewMode } from '../gallery-logic';
import { heldQuantity } from '../../../lib/wallet-collections';
import { NftImage } from './nft-image';

interface NftCardProps {
  nft: Nft;
  viewMode: ViewMode;
  onOpen: (nft: Nft) => void;
}

export function RarityBadge({ rank, score }: { rank: number | null; score?: number | null }) {
  if (rank === null) return null;
  const tier = rarityTier(rank);
  return (
    <span
      className={`rarity-badge rarity-badge--${tier}`}
      title={score !== undefined && score !== null ? `Score ${score.toFixed(2)}` : undefined}
    >
      {tier === 'crown' ? '♛ ' : ''}#{rank}
    </span>
  );
}

/**
 * A title split where its number starts ('Nexus Legion' and '#7123'), so a narrow card shortens the
 * name and keeps the number; `number` is empty for a title without one.
 */
export function splitTitle(title: string): { base: string; number: string } {
  const match = /^(.*\S)\s+(#\S+)$/s.exec(title);
  return match ? { base: match[1]!, number: match[2]! } : { base: title, number: '' };
}

/** '×5' for an ERC-1155 NFT held more than once. */
export function QuantityBadge({ nft }: { nft: Nft }) {
  const quantity = heldQuantity(nft);
  if (quantity <= 1) return null;
  return (
    <span className="count-badge quantity-badge" data-testid="nft-quantity" title={`${quantity} copies held`}>
      ×{quantity}
    </span>
  );
}

export function NftCard({ nft, viewMode, onOpen }: NftCardProps) {
  const name = nftDisplayName(nft);
  const title = splitTitle(name);
  return (
    <button
      type="button"
      className={`card-button nft-card nft-card--${viewMode} nft-card--tier-${rarityTier(nft.rarityRank)}`}
      data-testid="nft-card"
      data-token-id={nft.tokenId}
      onClick={() => onOpen(nft)}
    >
      <NftImage src={nft.image} fallback={nft.imageFallback} alt={name} className="nft-card__media" />
      <QuantityBadge nft={nft} />
      <span className="nft-card__body">
        <span className="nft-card__name" title={name}>
          <span className="nft-card__name-base">{title.base}</span>
          {title.number ? <span className="nft-card__name-number">{title.number}</span> : null}
        </span>
        <span className="nft-card__meta">
          <span className="nft-card__token" title={`Token ID ${nft.tokenId}`}>
            ID {nft.tokenId}
          </span>
          <RarityBadge rank={nft.rarityRank} score={nft.rarityScore} />
        </span>
        {viewMode === 'list' && nft.rarityScore !== null ? (
          <span className="nft-card__score">Score {nft.rarityScore.toFixed(2)}</span>
        ) : null}
        {nft.metadataReason ? (
          <span
            className={`nft-card__missing${nft.metadataUnavailable ? ' nft-card__missing--pending' : ''}`}
            data-testid="nft-metadata-reason"
            title={nft.metadataReason}
          >
            {nft.metadataUnavailable ? 'Metadata pending' : 'No metadata'}
          </span>
        ) : null}
      </span>
    </button>
  );
}
