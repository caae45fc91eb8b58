import { Link } from 'react-router-dom';

export function NotFoundRoute() {
  return (
    <main className="page page--center">
      <div className="not-found" data-testid="not-found">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 className="page__title">404 Page Not Found</h1>
        <p className="muted" data-testid="not-found-hint">
          There is no page at this address. It may have moved, or the link may be mistyped. Search collections
          and wallets from the home page.
        </p>
        <Link className="button button--primary" to="/">
          Back to Home
        </Link>
      </div>
    </main>
  );
}
