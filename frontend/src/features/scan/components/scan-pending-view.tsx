import type { ScanProgress } from '@nexus/contract';
import { NetworkBadge } from '../../../components/network-badge';
import { ProgressBar } from '../../../components/progress-bar';
import { Spinner } from '../../../components/spinner';
import { formatCount, shortenAddress } from '../../../lib/format';
import { toProgressView } from '../scan-progress-view';
import type { ScanTarget } from '../stores/scan-store';

interface ScanPendingViewProps {
  target: ScanTarget;
  progress: ScanProgress | null;
  onBack: () => void;
}

/**
 * The view of a scan still running: behind the scanner overlay, and on its own once the visitor
 * skipped the overlay (SPEC §4: the results appear here as soon as they are found).
 */
export function ScanPendingView({ target, progress, onBack }: ScanPendingViewProps) {
  const view = toProgressView(progress);
  const wallet = target.searchType === 'wallet';
  return (
    <section className="scan-pending" data-testid="scan-pending" data-stage={view.stage}>
      <button type="button" className="back-link" onClick={onBack}>
        ← Back to Home
      </button>
      <header className="scan-pending__header">
        <h1 className="scan-pending__title">
          {wallet ? 'Collections Found' : (target.label ?? 'Loading Collection')}
        </h1>
        <p className="scan-pending__target">
          <code title={target.address}>{shortenAddress(target.address)}</code>
          <NetworkBadge network={target.network} />
        </p>
      </header>
      <div className="status-card scan-pending__card">
        <Spinner label={wallet ? 'Scanning wallet...' : 'Loading collection...'} />
        <p className="scan-pending__stage" aria-live="polite">
          {view.label} · {view.percent}%
        </p>
        <ProgressBar percent={view.percent} label="Scan progress" />
        <p className="muted" data-testid="scan-pending-counts">
          {formatCount(view.tokensFound)}
          {view.tokensTotal !== null ? ` / ${formatCount(view.tokensTotal)}` : ''} tokens found ·{' '}
          {formatCount(view.metadataFetched)} metadata fetched
        </p>
      </div>
    </section>
  );
}
