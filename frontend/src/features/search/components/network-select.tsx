import { isNetwork, type Network } from '@nexus/contract';
import { useSearchStore } from '../stores/search-store';

/** The value of "All networks": a wallet searched on each network at once (wallet searches only). */
export const ALL_NETWORKS = 'all';

/** SPEC §2 network dropdown: Solana is listed but disabled. */
const OPTIONS: Array<{ value: string; label: string; disabled?: boolean }> = [
  { value: 'polygon', label: 'Polygon (POL)' },
  { value: 'ethereum', label: 'Ethereum (ETH)' },
  { value: 'cronos', label: 'Cronos (CRO)' },
  { value: 'solana', label: 'Solana (Coming Soon)', disabled: true },
];

interface NetworkSelectProps {
  value: Network;
  onChange: (network: Network) => void;
  disabled?: boolean;
}

export function NetworkSelect({ value, onChange, disabled }: NetworkSelectProps) {
  const wallet = useSearchStore((state) => state.searchType === 'wallet');
  const allNetworks = useSearchStore((state) => state.allNetworks);
  const setAllNetworks = useSearchStore((state) => state.setAllNetworks);
  return (
    <label className="select-field">
      <span className="sr-only">Network</span>
      <select
        className="select-field__control"
        data-testid="network-select"
        value={wallet && allNetworks ? ALL_NETWORKS : value}
        disabled={disabled}
        onChange={(event) => {
          setAllNetworks(event.target.value === ALL_NETWORKS);
          if (isNetwork(event.target.value)) onChange(event.target.value);
        }}
      >
        {wallet ? <option value={ALL_NETWORKS}>All networks</option> : null}
        {OPTIONS.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
