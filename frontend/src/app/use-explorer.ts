import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { GalleryViewChange } from '../features/gallery/gallery-view-state';
import {
  HOME_STATE,
  explorerHref,
  parseExplorerParams,
  readHistoryState,
  type ExplorerHistoryState,
  type ExplorerState,
} from './explorer-url';

export interface ExplorerNavigation {
  state: ExplorerState;
  history: ExplorerHistoryState;
  /** Opens a view: a new history entry (Back returns here). */
  open: (next: ExplorerState, history?: ExplorerHistoryState) => void;
  /** Back to home: a new entry, or in place of this one (a cancelled scan leaves no entry behind). */
  home: (mode: 'push' | 'replace') => void;
  /** A change inside the current gallery. */
  changeGallery: (change: GalleryViewChange) => void;
}

/** The explorer's view, read from and written to the page address (see explorer-url.ts). */
export function useExplorer(): ExplorerNavigation {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseExplorerParams(params), [params]);
  const history = useMemo(() => readHistoryState(location.state), [location.state]);

  const open = useCallback(
    (next: ExplorerState, entry: ExplorerHistoryState = {}) => navigate(explorerHref(next), { state: entry }),
    [navigate],
  );

  const home = useCallback(
    (mode: 'push' | 'replace') => navigate(explorerHref(HOME_STATE), { replace: mode === 'replace' }),
    [navigate],
  );

  const changeGallery = useCallback(
    ({ patch, mode }: GalleryViewChange) => {
      if (state.view === 'home' || state.view === 'wallets') return;
      // Closing an NFT opened by a click here is a step Back: Forward reopens it, Back leaves the gallery.
      if (patch.nft === null && state.gallery.nft !== null && history.nftOpened) {
        void navigate(-1);
        return;
      }
      const gallery = { ...state.gallery, ...patch };
      const entry: ExplorerHistoryState = {
        ...(history.label ? { label: history.label } : {}),
        ...(patch.nft ? { nftOpened: true } : {}),
      };
      // The gallery scrolls itself (to the top for a new page); the router must not jump.
      void navigate(explorerHref({ ...state, gallery }), {
        replace: mode === 'replace',
        state: entry,
        preventScrollReset: true,
      });
    },
    [navigate, state, history],
  );

  return {
    state,
    history,
    open: (next, entry) => void open(next, entry),
    home: (mode) => void home(mode),
    changeGallery,
  };
}
