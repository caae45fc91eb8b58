import { create } from 'zustand';

export const HOME_TABS = ['featured', 'vote', 'trending', 'search'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

export function isHomeTab(value: string): value is HomeTab {
  return (HOME_TABS as readonly string[]).includes(value);
}

interface HomeState {
  tab: HomeTab;
  quickSearch: string;
  setTab: (tab: HomeTab) => void;
  setQuickSearch: (quickSearch: string) => void;
}

export const useHomeStore = create<HomeState>()((set) => ({
  tab: 'featured',
  quickSearch: '',
  setTab: (tab) => set({ tab }),
  setQuickSearch: (quickSearch) => set({ quickSearch }),
}));
