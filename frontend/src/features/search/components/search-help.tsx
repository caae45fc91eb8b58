import type { SearchType } from '@nexus/contract';
import { useSearchStore } from '../stores/search-store';
import './search-form.css';

/** The search modes the help explains, each with a shortcut into it. */
const MODES: { searchType: SearchType; title: string; text: string; action: string }[] = [
  {
    searchType: 'wallet',
    title: 'Wallet search',
    text:
      'Enter a wallet address (0x followed by 40 hex characters) or an ENS name ending in .eth to list ' +
      'every collection the wallet holds on the chosen network.',
    action: 'Search a wallet',
  },
  {
    searchType: 'collection',
    title: 'Collection search',
    text:
      'Type a collection name for suggestions, paste a contract address, or pick one of the whitelisted ' +
      'collections to open its gallery with rarity ranks.',
    action: 'Search a collection',
  },
];

/** 'Advanced Search' tab: what the search form accepts, with shortcuts into each mode. */
export function SearchHelp() {
  const requestFocus = useSearchStore((state) => state.requestFocus);
  return (
    <div className="search-help">
      {MODES.map(({ searchType, title, text, action }) => (
        <article key={searchType} className="search-help__card">
          <h3>{title}</h3>
          <p>{text}</p>
          <button type="button" className="button button--ghost" onClick={() => requestFocus(searchType)}>
            {action}
          </button>
        </article>
      ))}
      <article className="search-help__card">
        <h3>Networks</h3>
        <p>Polygon, Ethereum and Cronos are supported today. Solana is coming soon.</p>
      </article>
    </div>
  );
}
