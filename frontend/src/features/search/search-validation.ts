import { isEvmAddress as isEvmAddressText, isSolanaAddress as isSolanaAddressText } from '@nexus/contract';

export interface ToastMessage {
  title: string;
  description: string;
}

/** SPEC §5 search wording. */
export const SearchMessages = {
  walletRequired: { title: 'Address Required', description: 'Please enter a wallet address or ENS name' },
  collectionRequired: {
    title: 'Address Required',
    description: 'Please enter a collection contract address',
  },
  invalidWallet: {
    title: 'Invalid Address',
    description: 'Please enter a valid Ethereum address (0x...) or ENS name (.eth).',
  },
  collectionNotFound: {
    title: 'Collection Not Found',
    description: 'Please enter a valid contract address (0x...) or select a collection from suggestions.',
  },
  serverInvalid: { title: 'Invalid Address', description: 'The provided address could not be validated.' },
  validationFailed: {
    title: 'Validation Error',
    description: 'Failed to validate address. Please try again.',
  },
  // SPEC §1/§5: a 32–44 character base58 string is Solana, and Solana is Coming Soon (not invalid).
  solanaComingSoon: {
    title: 'Solana Coming Soon',
    description:
      'This looks like a Solana address. Solana support is coming soon: for now, search an Ethereum, Polygon or Cronos address (0x...).',
  },
} as const satisfies Record<string, ToastMessage>;

/**
 * An ENS name as the server takes it: dot-separated labels without spaces (`demo.eth`, subnames
 * such as `a.b.demo.eth`, DNS names such as `alice.cb.id`, emoji). The server normalises it
 * (ENSIP-15) and says why when it refuses one.
 */
const ENS_NAME = /^[^\s]*\.[^\s.]+$/u;

export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_DEBOUNCE_MS = 300;
export const SUGGEST_LIMIT = 8;

export function isEvmAddress(value: string): boolean {
  return isEvmAddressText(value.trim());
}

export function isEnsName(value: string): boolean {
  return ENS_NAME.test(value.trim());
}

export function isSolanaAddress(value: string): boolean {
  return isSolanaAddressText(value.trim());
}

/** Auto-suggest only from 2 characters on, and never for a full address. */
export function shouldSuggest(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length >= SUGGEST_MIN_CHARS && !isEvmAddress(trimmed) && !isSolanaAddress(trimmed);
}

export type WalletCheck =
  { ok: true; address: string; isEns: boolean } | { ok: false; message: ToastMessage };

export function checkWalletInput(raw: string): WalletCheck {
  const value = raw.trim();
  if (!value) return { ok: false, message: SearchMessages.walletRequired };
  if (isEvmAddress(value)) return { ok: true, address: value, isEns: false };
  if (isEnsName(value)) return { ok: true, address: value.toLowerCase(), isEns: true };
  if (isSolanaAddress(value)) return { ok: false, message: SearchMessages.solanaComingSoon };
  return { ok: false, message: SearchMessages.invalidWallet };
}

export type CollectionCheck =
  | { ok: true; kind: 'address'; address: string }
  | { ok: true; kind: 'suggestion' }
  | { ok: false; message: ToastMessage };

/** A contract address goes straight to the scan; a name needs a suggestion to pick. */
export function checkCollectionInput(raw: string, suggestionCount: number): CollectionCheck {
  const value = raw.trim();
  if (!value) return { ok: false, message: SearchMessages.collectionRequired };
  if (isEvmAddress(value)) return { ok: true, kind: 'address', address: value };
  if (isSolanaAddress(value)) return { ok: false, message: SearchMessages.solanaComingSoon };
  if (suggestionCount > 0) return { ok: true, kind: 'suggestion' };
  return { ok: false, message: SearchMessages.collectionNotFound };
}
