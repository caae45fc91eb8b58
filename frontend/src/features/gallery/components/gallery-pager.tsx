interface GalleryPagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Previous / Next with "Page X of Y"; nothing when everything fits on one page. */
export function GalleryPager({ page, pageCount, onPage }: GalleryPagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages" data-testid="gallery-pager">
      <button
        type="button"
        className="button button--ghost"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        ← Previous
      </button>
      <span className="pager__status">
        Page {page} of {pageCount}
      </span>
      <button
        type="button"
        className="button button--ghost"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next →
      </button>
    </nav>
  );
}
