import { PROMO_PLAYER, STAGE_PERCENT, type HistoryProgress, type ScanProgress } from '@nexus/contract';
import { NetworkBadge } from '../../../components/network-badge';
import { ProgressBar } from '../../../components/progress-bar';
import { StatTile } from '../../../components/stat-tile';
import { formatCount } from '../../../lib/format';
import { useActivePromoAsset } from '../api/promo-assets';
import { useCountdown, useDelay } from '../hooks/use-countdown';
import { toProgressView } from '../scan-progress-view';
import type { ScanTarget } from '../stores/scan-store';
import { PromoPlayer } from './promo-player';
import './scan-overlay.css';
import { CancelButton } from '../../../components/cancel-button';

const STEPS = ['initializing', 'preparing', 'calculating', 'finalizing', 'complete'] as const;

interface ScanOverlayProps {
  target: ScanTarget;
  progress: ScanProgress | null;
  /** The collection's transfer history read on demand beside the scan (where the index is off). */
  history?: HistoryProgress | null;
  onCancel: () => void;
  /** 'Skip & Show Results': the overlay goes, the view fills in when the results arrive. */
  onSkip: () => void;
}

export const SKIP_LABEL = 'Skip & Show Results';

/** The secondary line under the scan's bar: how far the collection's transfer history is read. */
export function historyLine(history: HistoryProgress): string {
  if (history.state === 'complete') return 'Transfer history: read';
  if (history.state === 'queued') return 'Transfer history: queued';
  return `Transfer history: ${history.percent}%`;
}

/**
 * When the promo shows and when Skip is offered (SPEC §4, §9, PROMO_PLAYER): a wallet scan shows the
 * promo at once and offers Skip after a 10-second countdown; a collection scan shows it after 5 s
 * and offers Skip 3 s later (the skip timer). Without an active asset a wallet scan still counts
 * down to Skip; a collection scan has Cancel only.
 */
function usePromoSchedule(kind: ScanTarget['searchType'], hasAsset: boolean) {
  const wallet = kind === 'wallet';
  const due = useDelay(wallet ? 0 : PROMO_PLAYER.showDelayMs);
  const showPromo = hasAsset && due;
  const countingDown = wallet || showPromo;
  const secondsLeft = useCountdown(
    wallet ? PROMO_PLAYER.walletCountdownMs : PROMO_PLAYER.skipTimerMs,
    countingDown,
  );
  return { showPromo, offerSkip: countingDown, secondsLeft };
}

/** Full-screen scanner, driven only by the live socket progress, with the promo player. */
export function ScanOverlay({ target, progress, history = null, onCancel, onSkip }: ScanOverlayProps) {
  const asset = useActivePromoAsset();
  const { showPromo, offerSkip, secondsLeft } = usePromoSchedule(target.searchType, asset !== null);
  const view = toProgressView(progress);
  const reached = view.stage === 'waiting' || view.stage === 'error' ? 0 : STAGE_PERCENT[view.stage];
  const title = target.searchType === 'wallet' ? 'Scanning Wallet' : 'Scanning Collection';

  return (
    <div
      className="scan-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={title}
      data-testid="scan-overlay"
      data-stage={view.stage}
      data-percent={view.percent}
    >
      <div className={`raised-panel scan-overlay__panel${showPromo ? ' scan-overlay__panel--promo' : ''}`}>
        {showPromo && asset ? <PromoPlayer asset={asset} /> : null}
        <div className="scan-overlay__scan">
          <div className="scan-overlay__radar" aria-hidden="true">
            <span className="scan-overlay__ring" />
            <span className="scan-overlay__ring scan-overlay__ring--delayed" />
            <span className="scan-overlay__core">{view.percent}%</span>
          </div>
          <h2 className="scan-overlay__title">{target.label ?? title}</h2>
          <div className="scan-overlay__target">
            <code className="scan-overlay__address">{target.address}</code>
            <NetworkBadge network={target.network} />
          </div>

          <p className="scan-overlay__stage" aria-live="polite">
            {view.label}
          </p>
          <ProgressBar percent={view.percent} label="Scan progress" />
          {history ? (
            <p className="scan-overlay__history" data-testid="scan-history" data-history={history.state}>
              {historyLine(history)}
            </p>
          ) : null}

          <ol className="scan-steps">
            {STEPS.map((step) => (
              <li
                key={step}
                className={`scan-steps__item${STAGE_PERCENT[step] <= reached ? ' scan-steps__item--done' : ''}${
                  step === view.stage ? ' scan-steps__item--current' : ''
                }`}
              >
                <span className="scan-steps__dot" aria-hidden="true" />
                {step}
              </li>
            ))}
          </ol>

          <dl className="scan-overlay__counts">
            <StatTile
              label="Tokens found"
              value={`${formatCount(view.tokensFound)}${view.tokensTotal !== null ? ` / ${formatCount(view.tokensTotal)}` : ''}`}
              testId="scan-tokens-found"
              className="stat-tile--compact"
            />
            <StatTile
              label="Metadata fetched"
              value={view.metadataFetched}
              testId="scan-metadata-fetched"
              className="stat-tile--compact"
            />
          </dl>

          <div className="scan-overlay__actions">
            <CancelButton onCancel={onCancel} />
            {offerSkip ? (
              secondsLeft > 0 ? (
                <span className="scan-overlay__countdown" role="timer" data-testid="skip-countdown">
                  Skip in {secondsLeft}s
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--primary"
                  data-testid="scan-skip"
                  onClick={onSkip}
                >
                  {SKIP_LABEL}
                </button>
              )
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
