/** One network an address receives on, with its explorer link (SPEC §3 donation entry). */
export interface DonationNetwork {
  name: string;
  symbol: string;
  /** Explorer page of the address on this network. */
  explorer: string;
}

/** SPEC §3 donation entry (GET /api/donations). */
export interface DonationEntry {
  title: string;
  address: string;
  networks: DonationNetwork[];
}
