import { Injectable } from '@nestjs/common';
import type { DonationEntry } from '@nexus/contract';
import { AppConfig } from '../platform/config/index.js';

/** Explorer page of an address per network; `{address}` is replaced. */
export const DONATION_EXPLORERS = {
  ethereum: 'https://etherscan.io/address/{address}',
  polygon: 'https://polygonscan.com/address/{address}',
  cronos: 'https://explorer.cronos.org/address/{address}',
  solana: 'https://solscan.io/account/{address}',
  bitcoin: 'https://mempool.space/address/{address}',
} as const;

const explorer = (network: keyof typeof DONATION_EXPLORERS, address: string): string =>
  DONATION_EXPLORERS[network].replace('{address}', encodeURIComponent(address));

/** SPEC §2 donations: one EVM address (Ethereum, Polygon, Cronos), one Solana, one Bitcoin. */
@Injectable()
export class DonationsService {
  private readonly entries: DonationEntry[];

  constructor(config: AppConfig) {
    const { evm, solana, bitcoin } = config.donations;
    const entries: Array<DonationEntry | null> = [
      evm
        ? {
            title: 'EVM Networks',
            address: evm,
            networks: [
              { name: 'Ethereum', symbol: 'ETH', explorer: explorer('ethereum', evm) },
              { name: 'Polygon', symbol: 'POL', explorer: explorer('polygon', evm) },
              { name: 'Cronos', symbol: 'CRO', explorer: explorer('cronos', evm) },
            ],
          }
        : null,
      solana
        ? {
            title: 'Solana',
            address: solana,
            networks: [{ name: 'Solana', symbol: 'SOL', explorer: explorer('solana', solana) }],
          }
        : null,
      bitcoin
        ? {
            title: 'Bitcoin',
            address: bitcoin,
            networks: [{ name: 'Bitcoin', symbol: 'BTC', explorer: explorer('bitcoin', bitcoin) }],
          }
        : null,
    ];
    this.entries = entries.filter((entry): entry is DonationEntry => entry !== null);
  }

  list(): DonationEntry[] {
    return this.entries;
  }
}
