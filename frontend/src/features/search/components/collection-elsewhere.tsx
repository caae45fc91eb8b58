import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, NETWORK_LABELS, type Network } from '@nexus/contract';
import { locateCollection, type CollectionLocation } from '../api/locate-collection';
import { SearchNotice } from './search-notice';

interface CollectionElsewhereProps {
  address: string;
  network: Network;
  onOpen: (location: CollectionLocation) => void;
}

/**
 * Under 'Collection Not Found': the networks where the address is a collection after all (a link
 * or a search on the wrong network), each with a button that opens it there. Nothing otherwise.
 */
export function CollectionElsewhere({ address, network, onOpen }: CollectionElsewhereProps) {
  const located = useQuery({
    queryKey: [API_ROUTES.locateCollection.path, address.toLowerCase()],
    queryFn: () => locateCollection(address),
  });
  const elsewhere = (located.data ?? []).filter((c) => c.network !== network);
  if (elsewhere.length === 0) return null;
  return (
    <SearchNotice
      title="It is a collection on another network"
      text={
        <>
          This address is not a collection on {NETWORK_LABELS[network]}; it is{' '}
          {elsewhere.map((c) => `${c.name || 'a collection'} on ${NETWORK_LABELS[c.network]}`).join(' and ')}.
        </>
      }
      testId="collection-elsewhere"
    >
      {elsewhere.map((location) => (
        <button
          key={location.network}
          type="button"
          className="button button--primary"
          onClick={() => onOpen(location)}
        >
          Open on {NETWORK_LABELS[location.network]}
        </button>
      ))}
    </SearchNotice>
  );
}
