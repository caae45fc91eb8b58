// Global styles first, so feature styles (imported by the components) can refine them.
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { parseExplorerParams } from './app/explorer-url';
import { createQueryClient } from './app/query-client';
import { prefetchScan } from './features/scan/hooks/use-scan';
import { applyCspNonce } from './lib/csp-nonce';

applyCspNonce();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// A visit straight to a collection's or a wallet's address: its scan is asked for now, while React
// starts, instead of after the first render (the view joins the same request).
const queryClient = createQueryClient();
const opened =
  window.location.pathname === '/' ? parseExplorerParams(new URLSearchParams(window.location.search)) : null;
if (opened && opened.view !== 'home' && opened.view !== 'wallets') {
  prefetchScan(queryClient, { searchType: opened.view, network: opened.network, address: opened.address });
}

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
