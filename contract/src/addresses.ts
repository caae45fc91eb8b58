/** An EVM address: 0x and 40 hex digits, any case (SPEC §5). */
export const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && EVM_ADDRESS_PATTERN.test(value);
}
