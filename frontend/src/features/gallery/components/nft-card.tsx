import type { Nft } from '@nexus/contract';
import { nftDisplayName, rarityTier, type ViewMode } from '../gallery-logic';
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

export function NftCard({ nft, viewMode, onOpen }: NftCardProps) {
  const name = nftDisplayName(nft);
  return (
    <button
      type="button"
      className={`nft-card nft-card--${viewMode} nft-card--tier-${rarityTier(nft.rarityRank)}`}
      data-testid="nft-card"
      data-token-id={nft.tokenId}
      onClick={() => onOpen(nft)}
    >
      <NftImage src={nft.image} fallback={nft.imageFallback} alt={name} className="nft-card__media" />
      <span className="nft-card__body">
        <span className="nft-card__name">{name}</span>
        <span className="nft-card__meta">
          <span className="nft-card__token" title={`Token ID ${nft.tokenId}`}>
            ID {nft.tokenId}
          </span>
          <RarityBadge rank={nft.rarityRank} score={nft.rarityScore} />
        </span>
        {viewMode === 'list' && nft.rarityScore !== null ? (
          <span className="nft-card__score">Score {nft.rarityScore.toFixed(2)}</span>
        ) : null}
      </span>
    </button>
  );
}
