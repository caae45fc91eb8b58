import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { isNetwork, type Network, type SearchType, type WhitelistedCollection } from '@nexus/contract';
import { sortWhitelist, useWhitelistedCollections } from '../../../api/whitelisted-collections';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../components/toast/toast-store';
import { suggestionsQuery, type DiscoveredCollection } from '../api/discover-collections';
import { locateCollection, type CollectionLocation } from '../api/locate-collection';
import { validateAddress } from '../api/validate-address';
import { useCollectionSuggestions } from '../hooks/use-collection-suggestions';
import {
  SearchMessages,
  checkCollectionInput,
  checkWalletInput,
  shouldSuggest,
  type ToastMessage,
} from '../search-validation';
import { useSearchStore } from '../stores/search-store';
import { AddressNoticeCard, type AddressNotice } from './address-notice';
import { NetworkSelect } from './network-select';
import { SuggestionsList, suggestionOptionId } from './suggestions-list';
import { WhitelistedList } from './whitelisted-list';
import './search-form.css';

export interface SearchRequest {
  searchType: SearchType;
  network: Network;
  address: string;
  label?: string;
}

interface SearchFormProps {
  onSearch: (request: SearchRequest) => void;
}

const PLACEHOLDERS: Record<SearchType, string> = {
  wallet: 'Enter wallet address (0x...) or ENS name (.eth)',
  collection: 'Enter collection name or contract address (0x...)',
};

function showError(message: ToastMessage): void {
  toast({ ...message, variant: 'destructive' });
}

export function SearchForm({ onSearch }: SearchFormProps) {
  const { searchType, network, input, setSearchType, setNetwork, setInput, focusRequest } = useSearchStore();
  const queryClient = useQueryClient();
  const whitelist = useWhitelistedCollections();
  const isCollection = searchType === 'collection';
  const { suggestions, isLoading: suggesting } = useCollectionSuggestions(input, isCollection);
  const [validating, setValidating] = useState(false);
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const [notice, setNotice] = useState<AddressNotice | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  const showSuggestions = isCollection && open && suggestions.length > 0;

  // New suggestions: none highlighted, and the list opens (adjusted while rendering, as React
  // advises for state that follows its inputs).
  const [listed, setListed] = useState<typeof suggestions | null>(null);
  if (suggestions !== listed) {
    setListed(suggestions);
    setHighlighted(-1);
    if (suggestions.length > 0) setOpen(true);
  }

  useEffect(() => {
    if (focusRequest === 0) return;
    inputRef.current?.focus();
    containerRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [focusRequest]);

  useEffect(() => {
    const onPointerDown = (event: MouseEvent) => {
      if (containerRef.current && !containerRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, []);

  const chooseCollection = (name: string, contractAddress: string, collectionNetwork: string) => {
    const chosenNetwork = isNetwork(collectionNetwork) ? collectionNetwork : null;
    if (!chosenNetwork) {
      showError(SearchMessages.collectionNotFound);
      return;
    }
    setOpen(false);
    setNetwork(chosenNetwork);
    setInput(contractAddress);
    onSearch({
      searchType: 'collection',
      network: chosenNetwork,
      address: contractAddress,
      label: name || undefined,
    });
  };

  const selectSuggestion = (suggestion: DiscoveredCollection) =>
    chooseCollection(suggestion.name, suggestion.contractAddress, suggestion.network);

  const selectWhitelisted = (collection: WhitelistedCollection) =>
    chooseCollection(collection.name, collection.contractAddress, collection.network);

  const submitWallet = async () => {
    const check = checkWalletInput(input);
    if (!check.ok) {
      showError(check.message);
      return;
    }
    setValidating(true);
    let address: string;
    let collections: CollectionLocation[] | null;
    try {
      const checked = await validateAddress(check.address);
      if (!checked.valid) {
        showError(
          checked.reason
            ? { title: SearchMessages.serverInvalid.title, description: checked.reason }
            : SearchMessages.serverInvalid,
        );
        return;
      }
      // An ENS name is scanned by the address it resolves to (the scan key names the address).
      address = checked.address ?? check.address;
      // A collection's contract typed as a wallet would scan to an empty wallet: say what it is.
      collections = await locateCollection(address);
    } catch {
      showError(SearchMessages.validationFailed);
      return;
    } finally {
      setValidating(false);
    }
    const label = address === check.address ? undefined : check.address;
    if (collections && collections.length > 0) {
      setOpen(false);
      setNotice({
        kind: 'collection-not-wallet',
        address: address.toLowerCase(),
        network,
        collections,
        ...(label ? { label } : {}),
      });
      return;
    }
    onSearch({ searchType: 'wallet', network, address, label });
  };

  const openLocatedCollection = (address: string, location: CollectionLocation) => {
    setNotice(null);
    setSearchType('collection');
    setNetwork(location.network);
    setInput(address);
    onSearch({
      searchType: 'collection',
      network: location.network,
      address,
      label: location.name || undefined,
    });
  };

  const submitCollection = async () => {
    let candidates = suggestions;
    if (shouldSuggest(input) && candidates.length === 0) {
      // The visitor may submit before the debounced suggestions arrive: ask now.
      setValidating(true);
      try {
        candidates = await queryClient.fetchQuery(suggestionsQuery(queryClient, input));
      } catch {
        candidates = [];
      } finally {
        setValidating(false);
      }
    }
    const check = checkCollectionInput(input, candidates.length);
    if (!check.ok) {
      showError(check.message);
      return;
    }
    if (check.kind === 'address') {
      setOpen(false);
      setValidating(true);
      const collections = await locateCollection(check.address).finally(() => setValidating(false));
      // A collection of another network would scan to 'Collection Not Found' here: say where it is.
      if (collections && collections.length > 0 && !collections.some((c) => c.network === network)) {
        setNotice({ kind: 'other-network', address: check.address.toLowerCase(), network, collections });
        return;
      }
      onSearch({ searchType: 'collection', network, address: check.address });
      return;
    }
    const chosen = candidates[highlighted >= 0 && highlighted < candidates.length ? highlighted : 0];
    if (chosen) selectSuggestion(chosen);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (validating) return;
    setNotice(null);
    void (isCollection ? submitCollection() : submitWallet());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!showSuggestions) return;
    const count = suggestions.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlighted((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlighted((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Enter' && highlighted >= 0 && suggestions[highlighted]) {
      event.preventDefault();
      selectSuggestion(suggestions[highlighted]);
    }
  };

  const switchType = (next: SearchType) => {
    setSearchType(next);
    setNotice(null);
    setOpen(false);
    inputRef.current?.focus();
  };

  return (
    <div className="search-card" ref={containerRef}>
      <form className="search-form" onSubmit={onSubmit} role="search">
        <div className="search-form__row">
          <div className="segmented" role="group" aria-label="Search type">
            {(['wallet', 'collection'] as const).map((type) => (
              <button
                key={type}
                type="button"
                className={`segmented__option${searchType === type ? ' segmented__option--active' : ''}`}
                aria-pressed={searchType === type}
                data-testid={`search-type-${type}`}
                onClick={() => switchType(type)}
              >
                {type === 'wallet' ? 'Wallet' : 'Collection'}
              </button>
            ))}
          </div>
          <NetworkSelect
            value={network}
            onChange={(next) => {
              setNetwork(next);
              setNotice(null);
            }}
            disabled={validating}
          />
        </div>

        <div className="search-form__row search-form__row--input">
          <div className="search-input">
            <span className="search-input__icon" aria-hidden="true">
              ⌕
            </span>
            <input
              ref={inputRef}
              className="search-input__control"
              type="text"
              inputMode="text"
              autoComplete="off"
              spellCheck={false}
              placeholder={PLACEHOLDERS[searchType]}
              aria-label={isCollection ? 'Collection name or contract address' : 'Wallet address or ENS name'}
              data-testid="search-input"
              value={input}
              role={isCollection ? 'combobox' : undefined}
              aria-expanded={isCollection ? showSuggestions : undefined}
              aria-controls={showSuggestions ? listId : undefined}
              aria-autocomplete={isCollection ? 'list' : undefined}
              aria-activedescendant={
                showSuggestions && highlighted >= 0 ? suggestionOptionId(listId, highlighted) : undefined
              }
              onChange={(event) => {
                setInput(event.target.value);
                setNotice(null);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onKeyDown={onKeyDown}
            />
            {suggesting ? <Spinner size="sm" /> : null}
            {input ? (
              <button
                type="button"
                className="search-input__clear"
                aria-label="Clear search"
                data-testid="search-clear"
                onClick={() => {
                  setInput('');
                  setOpen(false);
                  inputRef.current?.focus();
                }}
              >
                ×
              </button>
            ) : null}
            {showSuggestions ? (
              <SuggestionsList
                id={listId}
                suggestions={suggestions}
                highlighted={highlighted}
                onHighlight={setHighlighted}
                onSelect={selectSuggestion}
              />
            ) : null}
          </div>
          <button
            type="submit"
            className="button button--primary search-form__submit"
            data-testid="search-submit"
            disabled={validating}
          >
            {validating ? <Spinner size="sm" label="Searching..." /> : 'Search'}
          </button>
        </div>
      </form>

      {notice ? (
        <AddressNoticeCard
          notice={notice}
          onOpenCollection={(location) => openLocatedCollection(notice.address, location)}
          onSearchWalletAnyway={() => {
            setNotice(null);
            onSearch({
              searchType: 'wallet',
              network: notice.network,
              address: notice.address,
              label: notice.kind === 'collection-not-wallet' ? notice.label : undefined,
            });
          }}
          onDismiss={() => setNotice(null)}
        />
      ) : null}

      {isCollection ? (
        <WhitelistedList collections={sortWhitelist(whitelist.data ?? [])} onSelect={selectWhitelisted} />
      ) : null}
    </div>
  );
}
