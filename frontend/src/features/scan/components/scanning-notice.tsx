import type { CollectionScanning, ScanProgress } from '@nexus/contract';
import { ProgressBar } from '../../../components/progress-bar';
import { formatCount } from '../../../lib/format';
import { toProgressView } from '../scan-progress-view';

interface ScanningNoticeProps {
  /** What the page route said of the scan: NFTs stored so far, out of the contract's supply. */
  scanning: CollectionScanning;
  progress: ScanProgress | null;
}

/** The stored share of a collection still scanning, whole percent (from the live progress without a supply). */
export function scanningPercent(scanning: CollectionScanning, progress: ScanProgress | null): number {
  const expected = scanning.expected ?? progress?.tokensTotal ?? null;
  if (expected && expected > 0) return Math.min(100, Math.floor((scanning.stored / expected) * 100));
  return toProgressView(progress).percent;
}

/**
 * Above the gallery of a collection whose scan still runs: how many of its NFTs are stored (and shown)
 * so far, with the scanner's current stage; it does not hold the visitor up. Gone when the scan ends.
 */
export function ScanningNotice({ scanning, progress }: ScanningNoticeProps) {
  const view = toProgressView(progress);
  const expected = scanning.expected ?? view.tokensTotal;
  const percent = scanningPercent(scanning, progress);
  return (
    <div className="scanning-notice" role="status" data-testid="scanning-notice">
      <p className="scanning-notice__text">
        <span data-testid="scanning-notice-counts">
          Scanning collection... {formatCount(scanning.stored)}
          {expected !== null ? ` / ${formatCount(expected)}` : ''} NFTs loaded
        </span>
        <span className="muted"> · {view.label}</span>
      </p>
      <ProgressBar percent={percent} label="Scan progress" thin />
    </div>
  );
}
