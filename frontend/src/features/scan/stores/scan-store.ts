import { create } from 'zustand';
import type { HistoryProgress, Network, ScanProgress, SearchType } from '@nexus/contract';

/** What the visitor asked to explore. */
export interface ScanTarget {
  searchType: SearchType;
  network: Network;
  address: string;
  /** Display name when the visitor picked a known collection (or typed an ENS name). */
  label?: string;
}

/** One scan per (kind, network, address): the key of its progress and of its skipped overlay. */
export function scanTargetKey(target: Pick<ScanTarget, 'searchType' | 'network' | 'address'>): string {
  return `${target.searchType}:${target.network}:${target.address.toLowerCase()}`;
}

interface ScanState {
  /** Latest live progress (socket events only), with the target it belongs to. */
  progress: { targetKey: string; progress: ScanProgress } | null;
  /** Latest live progress of every scan followed at once (the all-networks wallet view), by target key. */
  progressByKey: Readonly<Record<string, ScanProgress>>;
  /** Latest live progress of the scanned collection's transfer history, with the target it belongs to. */
  history: { targetKey: string; history: HistoryProgress } | null;
  /** The target whose scanner overlay the visitor skipped ('Skip & Show Results'). */
  skippedKey: string | null;
  setProgress: (targetKey: string, progress: ScanProgress | null) => void;
  setHistory: (targetKey: string, history: HistoryProgress | null) => void;
  skip: (targetKey: string) => void;
  /** A new search: the overlay shows again. */
  resetSkip: () => void;
}

export const useScanStore = create<ScanState>()((set) => ({
  progress: null,
  progressByKey: {},
  history: null,
  skippedKey: null,
  setProgress: (targetKey, progress) =>
    set((state) => {
      const { [targetKey]: _previous, ...others } = state.progressByKey;
      return {
        progress: progress ? { targetKey, progress } : null,
        progressByKey: progress ? { ...others, [targetKey]: progress } : others,
      };
    }),
  setHistory: (targetKey, history) => set({ history: history ? { targetKey, history } : null }),
  skip: (skippedKey) => set({ skippedKey }),
  resetSkip: () => set({ skippedKey: null }),
}));

/** Live progress of this target's scan, or null (another target's events never leak into it). */
export function useScanProgress(target: ScanTarget | null): ScanProgress | null {
  const key = target ? scanTargetKey(target) : null;
  return useScanStore((state) => (key && state.progress?.targetKey === key ? state.progress.progress : null));
}

/** Live progress of this target's scan while others run beside it (each network of a wallet). */
export function useScanProgressOf(target: ScanTarget): ScanProgress | null {
  const key = scanTargetKey(target);
  return useScanStore((state) => state.progressByKey[key] ?? null);
}

/** Live progress of this target's transfer history (a collection scan where it is read on demand), or null. */
export function useScanHistory(target: ScanTarget | null): HistoryProgress | null {
  const key = target ? scanTargetKey(target) : null;
  return useScanStore((state) => (key && state.history?.targetKey === key ? state.history.history : null));
}
