import { WHITELIST_DEFAULTS, type WhitelistedCollection } from '@nexus/contract';

/** A whitelisted collection with SPEC §3's defaults: not featured, no links, no animated background. */
export function testCollection(
  fields: Pick<WhitelistedCollection, 'id' | 'contractAddress' | 'name' | 'network'> &
    Partial<WhitelistedCollection>,
): WhitelistedCollection {
  return { ...WHITELIST_DEFAULTS, ...fields };
}
