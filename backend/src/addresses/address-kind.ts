import { EVM_ADDRESS_PATTERN, SOLANA_ADDRESS_PATTERN } from '@nexus/contract';

/** SPEC §5: letters, digits, hyphens, ending .eth (dots between labels allowed). */
export const ENS_NAME = /^(?:[a-zA-Z0-9-]+\.)+eth$/;

export type AddressKind = 'evm' | 'ens' | 'solana';

export function addressKind(input: string): AddressKind | null {
  const value = input.trim();
  if (EVM_ADDRESS_PATTERN.test(value)) return 'evm';
  if (ENS_NAME.test(value)) return 'ens';
  if (SOLANA_ADDRESS_PATTERN.test(value)) return 'solana';
  return null;
}

export const SOLANA_NOT_SUPPORTED = 'Solana is not supported yet: choose Ethereum, Polygon or Cronos.';
export const INVALID_WALLET = 'Please enter a valid Ethereum address (0x...) or ENS name (.eth).';
export const INVALID_CONTRACT =
  'Please enter a valid contract address (0x...) or select a collection from suggestions.';
export const ENS_NOT_FOUND = 'The provided address could not be validated.';
