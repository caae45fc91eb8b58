import { useId, useState, type FormEvent } from 'react';
import { formatCount } from '../../../lib/format';

interface GalleryPagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Pages either side of the current one with a number button (the nearest two on a phone). */
const NEIGHBOURS = 2;

/** The numbered pages around `page`: up to NEIGHBOURS either side, within 1..pageCount. */
export function neighbourPages(page: number, pageCount: number): number[] {
  const first = Math.max(1, page - NEIGHBOURS);
  const last = Math.min(pageCount, page + NEIGHBOURS);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** A typed page number, or why it is not one of 1..pageCount. */
export function readPageField(text: string, pageCount: number): { page: number } | { error: string } {
  const trimmed = text.trim();
  const range = `Enter a page from 1 to ${formatCount(pageCount)}`;
  if (!/^\d{1,9}$/.test(trimmed)) return { error: range };
  const page = Number(trimmed);
  return page >= 1 && page <= pageCount ? { page } : { error: range };
}

/**
 * First / Previous, the numbered neighbours, "Page X of Y", Next / Last, and a field to jump to a
 * page; nothing when everything fits on one page.
 */
export function GalleryPager({ page, pageCount, onPage }: GalleryPagerProps) {
  const [field, setField] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  if (pageCount <= 1) return null;

  const go = (next: number) => {
    setError(null);
    if (next !== page) onPage(next);
  };

  const jump = (event: FormEvent) => {
    event.preventDefault();
    const read = readPageField(field, pageCount);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setField('');
    go(read.page);
  };

  return (
    <nav className="pager" aria-label="Pages" data-testid="gallery-pager">
      <div className="pager__steps">
        <button
          type="button"
          className="button button--ghost pager__edge"
          disabled={page <= 1}
          aria-label="First page"
          onClick={() => go(1)}
        >
          « First
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={page <= 1}
          onClick={() => go(page - 1)}
        >
          ← Previous
        </button>
        <ol className="pager__pages">
          {neighbourPages(page, pageCount).map((n) => (
            <li key={n} className={Math.abs(n - page) > 1 ? 'pager__page--far' : undefined}>
              <button
                type="button"
                className={`pager__page${n === page ? ' pager__page--current' : ''}`}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => go(n)}
              >
                {formatCount(n)}
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button button--ghost"
          disabled={page >= pageCount}
          onClick={() => go(page + 1)}
        >
          Next →
        </button>
        <button
          type="button"
          className="button button--ghost pager__edge"
          disabled={page >= pageCount}
          aria-label="Last page"
          onClick={() => go(pageCount)}
        >
          Last »
        </button>
      </div>
      <div className="pager__where">
        <span className="pager__status" data-testid="pager-status">
          Page {formatCount(page)} of {formatCount(pageCount)}
        </span>
        <form className="pager__jump" onSubmit={jump} noValidate>
          <label htmlFor={fieldId}>Go to page</label>
          <input
            id={fieldId}
            className="text-field pager__field"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={`1–${formatCount(pageCount)}`}
            value={field}
            aria-invalid={error !== null}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            data-testid="pager-field"
            onChange={(event) => {
              setField(event.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="button button--ghost">
            Go
          </button>
        </form>
      </div>
      {error ? (
        <p id={`${fieldId}-error`} className="pager__error" role="alert" data-testid="pager-error">
          {error}
        </p>
      ) : null}
    </nav>
  );
}
