import type { SortOrder } from '@nexus/contract';
import type { GallerySort } from '../gallery-logic';
import '../../../components/chain-links.css';

/** What each direction means for a sort, in the visitor's words. */
const DIRECTION_LABELS: Record<GallerySort, Record<SortOrder, string>> = {
  'rarity-rank': { asc: 'Rarest first', desc: 'Most common first' },
  'rarity-score': { asc: 'Lowest score first', desc: 'Highest score first' },
  tokenId: { asc: 'Lowest ID first', desc: 'Highest ID first' },
  name: { asc: 'A to Z', desc: 'Z to A' },
};

interface SortOrderToggleProps {
  sort: GallerySort;
  /** The direction in effect. */
  order: SortOrder;
  onOrder: (order: SortOrder) => void;
}

/** Flips the sort's direction; the unranked stay last either way (as the page route sorts). */
export function SortOrderToggle({ sort, order, onOrder }: SortOrderToggleProps) {
  const next: SortOrder = order === 'asc' ? 'desc' : 'asc';
  return (
    <button
      type="button"
      className="outline-control sort-order-toggle"
      data-testid="gallery-sort-order"
      data-order={order}
      aria-label={`Sort direction: ${DIRECTION_LABELS[sort][order]}. Switch to ${DIRECTION_LABELS[sort][next]}`}
      title={`${DIRECTION_LABELS[sort][order]} (click for ${DIRECTION_LABELS[sort][next].toLowerCase()})`}
      onClick={() => onOrder(next)}
    >
      <span aria-hidden="true">{order === 'asc' ? '↑' : '↓'}</span>
      <span className="sort-order-toggle__text">{order === 'asc' ? 'Asc' : 'Desc'}</span>
    </button>
  );
}
