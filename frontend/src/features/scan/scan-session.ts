import {
  scanKey,
  type HistoryProgress,
  type NftsRequest,
  type NftsResponse,
  type ScanProgress,
} from '@nexus/contract';
import type { ScanChannel } from '../../lib/scan-channel';

export type { ScanChannel, ScanListener } from '../../lib/scan-channel';

export interface ScanDependencies {
  channel: ScanChannel;
  requestNfts: (body: NftsRequest, signal?: AbortSignal) => Promise<NftsResponse>;
  onProgress: (progress: ScanProgress) => void;
  /** The scanned collection's transfer history moved on (where it is read on demand). */
  onHistory?: (history: HistoryProgress) => void;
  signal?: AbortSignal;
  /** Ask the API again after this long without a socket event (covers a socket that never connected). */
  recheckAfterMs?: number;
  maxRounds?: number;
}

export class ScanFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ScanFailedError';
  }
}

const DEFAULT_RECHECK_MS = 20_000;
const DEFAULT_MAX_ROUNDS = 60;

type Outcome = { kind: 'completed' } | { kind: 'failed'; error: string };

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The scan was cancelled', 'AbortError');
}

/**
 * Join the scan's room and ask the API at the same time: a cached answer does not wait for the socket
 * handshake. An answer flagged `pending` means the job outlived the server's wait: once the room is
 * joined (its acknowledgement carries the job's current state, so nothing that happened before is
 * lost), wait for `scan:completed` / `scan:failed` and ask again (served from cache).
 */
export async function runScan(request: NftsRequest, deps: ScanDependencies): Promise<NftsResponse> {
  const { channel, requestNfts, onProgress, onHistory, signal } = deps;
  const recheckAfterMs = deps.recheckAfterMs ?? DEFAULT_RECHECK_MS;
  const maxRounds = deps.maxRounds ?? DEFAULT_MAX_ROUNDS;
  const keys = new Set<string>([scanKey(request.searchType, request.network, request.address)]);
  let outcome: Outcome | null = null;
  /** Keys with live progress already forwarded: an acknowledgement arriving later is older news. */
  const live = new Set<string>();
  let wake: (() => void) | null = null;

  const settle = (next: Outcome) => {
    outcome = next;
    wake?.();
  };
  const stopListening = channel.listen({
    progress: (progress) => {
      if (!keys.has(progress.key)) return;
      live.add(progress.key);
      onProgress(progress);
    },
    completed: (event) => {
      if (keys.has(event.key)) settle({ kind: 'completed' });
    },
    failed: (event) => {
      if (keys.has(event.key)) settle({ kind: 'failed', error: event.error });
    },
    history: (event) => {
      if (keys.has(scanKey('collection', event.network, event.contract))) onHistory?.(event);
    },
  });

  const waitForOutcome = () =>
    new Promise<Outcome | null>((resolve, reject) => {
      if (outcome) {
        resolve(outcome);
        return;
      }
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        wake = null;
      };
      const onAbort = () => {
        finish();
        reject(signal ? abortError(signal) : new Error('aborted'));
      };
      const timer = setTimeout(() => {
        finish();
        resolve(null);
      }, recheckAfterMs);
      wake = () => {
        finish();
        resolve(outcome);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  const join = async (key: string) => {
    const current = await channel.subscribe(key);
    if (current && keys.has(current.key) && !live.has(current.key)) onProgress(current);
    return current;
  };

  // A job that ended before its room was joined is known from the acknowledgement's state.
  const settleFromState = (current: ScanProgress | null) => {
    if (!outcome && current?.stage === 'complete') outcome = { kind: 'completed' };
    if (!outcome && current?.stage === 'error')
      outcome = { kind: 'failed', error: current.error ?? 'Scan failed' };
  };

  let joined: Promise<ScanProgress | null> | null = join([...keys][0] as string);
  try {
    for (let round = 0; round < maxRounds; round += 1) {
      if (signal?.aborted) throw abortError(signal);
      outcome = null;
      const answer = await requestNfts(request, signal);
      if (!answer.pending) return answer;
      if (joined) {
        settleFromState(await joined);
        joined = null;
      }

      // The server may name the job differently (an ENS name resolved to its address).
      if (answer.scanKey && !keys.has(answer.scanKey)) {
        keys.add(answer.scanKey);
        settleFromState(await join(answer.scanKey));
      }
      const result: Outcome | null = await waitForOutcome();
      if (result?.kind === 'failed') throw new ScanFailedError(result.error);
    }
    throw new ScanFailedError('The scan is taking too long. Please try again later.');
  } finally {
    stopListening();
    for (const key of keys) channel.unsubscribe(key);
  }
}
