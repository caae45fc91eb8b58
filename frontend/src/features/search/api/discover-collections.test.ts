import { describe, expect, it } from '@jest/globals';
import type { DiscoveredCollection } from '@nexus/contract';
import { distinctSuggestions } from './discover-collections';

const entry = (
  name: string,
  network: string,
  contractAddress: string,
  verified = false,
): DiscoveredCollection => ({
  name,
  network,
  contractAddress,
  imageUrl: '',
  description: '',
  verified,
});

describe(distinctSuggestions.name, () => {
  const apes = entry('Nexus Apes', 'ethereum', '0x' + 'a1'.repeat(20), true);
  const copycat = entry('nexus apes ', 'ethereum', '0x' + 'b2'.repeat(20));

  it('keeps one row per name on a network, the first (best) one', () => {
    expect(distinctSuggestions([apes, copycat], 'apes')).toEqual([apes]);
  });

  it('keeps one row per contract, whatever the case of its address', () => {
    expect(
      distinctSuggestions([apes, { ...apes, contractAddress: apes.contractAddress.toUpperCase() }]),
    ).toEqual([apes]);
  });

  it('keeps the same name on another network, and a contract searched by its address', () => {
    const polygon = entry('Nexus Apes', 'polygon', '0x' + 'c3'.repeat(20));
    expect(distinctSuggestions([apes, polygon], 'apes')).toEqual([apes, polygon]);
    expect(distinctSuggestions([apes, copycat], '0xb2b2')).toEqual([apes, copycat]);
  });
});
