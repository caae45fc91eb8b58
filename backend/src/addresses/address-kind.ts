import { EVM_ADDRESS_PATTERN, SOLANA_ADDRESS_PATTERN } from '@nexus/contract';
import { ENS_NAME_SHAPE } from './ens-name.js';

/**
 * SPEC §5: an ENS name, `.eth` or a DNS name on ENS (`alice.cb.id`), subnames included; ENSIP-15
 * normalisation decides whether it is valid.
 */
export const ENS_NAME = ENS_NAME_SHAPE;

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
export const ENS_GATEWAY_FAILED =
  "The ENS name's offchain resolver did not answer (its gateway failed). Please try again later.";
