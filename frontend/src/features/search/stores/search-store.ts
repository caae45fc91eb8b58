import { create } from 'zustand';
import type { Network, SearchType } from '@nexus/contract';

interface SearchState {
  searchType: SearchType;
  network: Network;
  input: string;
  setSearchType: (searchType: SearchType) => void;
  setNetwork: (network: Network) => void;
  setInput: (input: string) => void;
  /** A wallet is searched on every network at once ("All networks" in the network list). */
  allNetworks: boolean;
  setAllNetworks: (allNetworks: boolean) => void;
  /** Bumped to ask the form to focus its input (e.g. from the 'Advanced Search' tab). */
  focusRequest: number;
  requestFocus: (searchType?: SearchType) => void;
}

export const DEFAULT_NETWORK: Network = 'polygon';

export const useSearchStore = create<SearchState>()((set) => ({
  searchType: 'wallet',
  network: DEFAULT_NETWORK,
  input: '',
  setSearchType: (searchType) => set({ searchType }),
  setNetwork: (network) => set({ network }),
  setInput: (input) => set({ input }),
  allNetworks: false,
  setAllNetworks: (allNetworks) => set({ allNetworks }),
  focusRequest: 0,
  requestFocus: (searchType) =>
    set((state) => ({ focusRequest: state.focusRequest + 1, searchType: searchType ?? state.searchType })),
}));
