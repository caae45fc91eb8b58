import type { ReactNode } from 'react';
import { NetworkBadge } from '../../../components/network-badge';
import type { ScanTarget } from '../stores/scan-store';

interface CollectionErrorCardProps {
  target: ScanTarget;
  message: string;
  onBack: () => void;
  onRetry: () => void;
  /** What else is known of the address (e.g. the network where it is a collection). */
  hint?: ReactNode;
}

/** SPEC §2 collection scanner error card. */
export function CollectionErrorCard({ target, message, onBack, onRetry, hint }: CollectionErrorCardProps) {
  return (
    <section className="status-card status-card--error" data-testid="collection-error">
      <div className="status-card__icon" aria-hidden="true">
        !
      </div>
      <h2 className="status-card__title">Collection Not Found</h2>
      <div className="status-card__target">
        <code>{target.address}</code>
        <NetworkBadge network={target.network} />
      </div>
      <p className="status-card__message" data-testid="scan-error-message">
        {message}
      </p>
      {hint}
      <div className="outline-box status-card__checklist">
        <p>Please check that:</p>
        <ul>
          <li>The contract address is valid</li>
          <li>The collection exists on the selected network</li>
          <li>The collection contains NFTs</li>
        </ul>
      </div>
      <div className="status-card__actions">
        <button type="button" className="button button--ghost" onClick={onBack}>
          ← Back to Home
        </button>
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try Again
        </button>
      </div>
    </section>
  );
}
