import { formatCount } from '../../../lib/format';
import type { RarityProgressView } from '../rarity-progress';

interface RarityStatusProps {
  progress: RarityProgressView | null;
  ranked: number;
  total: number;
  /** Offer the 'Recalculate' control (this gallery calculates rarity itself). */
  canRecalculate: boolean;
  calculating: boolean;
  onRecalculate: () => void;
  /** What the ranks are, said after the ranked count. */
  note?: string;
  /** Said instead of 'Rarity not ranked yet' when nothing is ranked. */
  unranked?: string;
}

/** SPEC §4 rarity progress in the gallery header, then how many NFTs carry a rank. */
export function RarityStatus({
  progress,
  ranked,
  total,
  canRecalculate,
  calculating,
  onRecalculate,
  note,
  unranked,
}: RarityStatusProps) {
  return (
    <div className="rarity-status" data-testid="rarity-status">
      {progress ? (
        <div
          className={`rarity-progress rarity-progress--${progress.tone}`}
          data-testid="rarity-progress"
          data-stage={progress.stage}
          data-percent={progress.percent}
          data-source={progress.source}
        >
          <div className="rarity-progress__row">
            <span className="rarity-progress__label" role={progress.tone === 'error' ? 'alert' : 'status'}>
              {progress.label}
            </span>
            {progress.source === 'live' ? (
              <span className="pill" title="Live stages of the server's rarity job">
                Server job
              </span>
            ) : null}
            {progress.tone === 'error' ? null : (
              <span className="rarity-progress__percent">{progress.percent}%</span>
            )}
          </div>
          <div
            className="progress progress--thin"
            role="progressbar"
            aria-label="Rarity progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
          >
            <div
              className={`progress__fill${progress.tone === 'error' ? ' progress__fill--error' : ''}`}
              style={{ width: `${progress.percent}%` }}
            />
          </div>
        </div>
      ) : (
        <p className="rarity-status__label" data-testid="rarity-ranked">
          {ranked > 0
            ? `Rarity ranked: ${formatCount(ranked)} / ${formatCount(total)}`
            : (unranked ?? 'Rarity not ranked yet')}
          {ranked > 0 && note ? ` · ${note}` : null}
        </p>
      )}
      {canRecalculate ? (
        <button
          type="button"
          className="button button--ghost button--sm"
          data-testid="rarity-recalculate"
          disabled={calculating}
          title="Calculate rarity again, past every cache"
          onClick={onRecalculate}
        >
          ↻ Recalculate
        </button>
      ) : null}
    </div>
  );
}
