import {
  GALLERY_SORTS,
  GALLERY_SORT_LABELS,
  VIEW_MODES,
  type GallerySort,
  type ViewMode,
} from '../gallery-logic';
import type { SortOrder } from '@nexus/contract';
import type { ReactNode } from 'react';
import { SortOrderToggle } from './sort-order-toggle';
import { SearchField } from '../../../components/search-field';
import { LabelledOptions } from '../../../components/labelled-options';

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

interface GalleryToolbarProps {
  text: string;
  sort: GallerySort;
  /** A search or a trait filter is on: offer to clear them. */
  filtering: boolean;
  viewMode: ViewMode;
  onText: (text: string) => void;
  onSort: (sort: GallerySort) => void;
  /** The sort's direction in effect, and its toggle (absent: no toggle). */
  order?: SortOrder;
  onOrder?: (order: SortOrder) => void;
  onClearFilters: () => void;
  onViewMode: (mode: ViewMode) => void;
  /** The owner filter, where the gallery offers one (a stored collection). */
  ownerFilter?: ReactNode;
}

/** The search box, the owner filter, the sort, "Clear filters" and the view modes above the grid. */
export function GalleryToolbar({
  text,
  sort,
  filtering,
  viewMode,
  onText,
  onSort,
  order,
  onOrder,
  onClearFilters,
  onViewMode,
  ownerFilter,
}: GalleryToolbarProps) {
  return (
    <div className="filter-bar">
      <SearchField
        className="filter-bar__search"
        placeholder="Search by name or token ID"
        label="Search NFTs by name or token ID"
        value={text}
        onChange={onText}
      />
      {ownerFilter}
      <label className="select-field">
        <span className="select-field__prefix">Sort</span>
        <select
          className="select-field__control"
          data-testid="gallery-sort"
          value={sort}
          onChange={(event) => onSort(event.target.value as GallerySort)}
        >
          <LabelledOptions values={GALLERY_SORTS} labels={GALLERY_SORT_LABELS} />
        </select>
      </label>
      {order && onOrder ? <SortOrderToggle sort={sort} order={order} onOrder={onOrder} /> : null}
      {filtering ? (
        <button type="button" className="button button--link" onClick={onClearFilters}>
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
            onClick={() => onViewMode(mode)}
          >
            {VIEW_MODE_ICONS[mode]}
          </button>
        ))}
      </div>
    </div>
  );
}
