import { NetworkBadge } from '../../../components/network-badge';
import { shortenAddress } from '../../../lib/format';
import { mediaImageUrl } from '../../../lib/image-url';
import type { DiscoveredCollection } from '../api/discover-collections';

interface SuggestionsListProps {
  id: string;
  suggestions: DiscoveredCollection[];
  highlighted: number;
  onHighlight: (index: number) => void;
  onSelect: (suggestion: DiscoveredCollection) => void;
}

export function suggestionOptionId(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}

export function SuggestionsList({
  id,
  suggestions,
  highlighted,
  onHighlight,
  onSelect,
}: SuggestionsListProps) {
  return (
    <ul className="suggestions" id={id} role="listbox" data-testid="search-suggestions">
      {suggestions.map((suggestion, index) => {
        const image = mediaImageUrl(suggestion.imageUrl);
        return (
          <li
            key={`${suggestion.network}:${suggestion.contractAddress}`}
            id={suggestionOptionId(id, index)}
            role="option"
            aria-selected={index === highlighted}
            className={`suggestions__item${index === highlighted ? ' suggestions__item--active' : ''}`}
            onMouseEnter={() => onHighlight(index)}
            onMouseDown={(event) => {
              // Keep focus in the input so the click is not lost to a blur.
              event.preventDefault();
              onSelect(suggestion);
            }}
          >
            {image ? (
              <img className="suggestions__image" src={image} alt="" loading="lazy" />
            ) : (
              <span className="suggestions__image suggestions__image--empty" aria-hidden="true" />
            )}
            <span className="suggestions__text">
              <span className="suggestions__name">
                {suggestion.name || shortenAddress(suggestion.contractAddress)}
                {suggestion.verified ? (
                  <span className="suggestions__verified" title="Verified">
                    ✓
                  </span>
                ) : null}
              </span>
              <span className="suggestions__address">{shortenAddress(suggestion.contractAddress)}</span>
            </span>
            <NetworkBadge network={suggestion.network} />
          </li>
        );
      })}
    </ul>
  );
}
