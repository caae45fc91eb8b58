import {
  MISSING_VALUE_KEY,
  normalizeTraitKey,
  type Nft,
  type NftAttribute,
  type TraitSelection,
  type TraitTypeCounts,
} from '@nexus/contract';
import { nftTraits } from './gallery-logic';

/**
 * Chosen values per trait type, both by normalised key (trimmed, lower-cased: what the API's trait
 * summary names `key`), so that 'Red' and ' red' are one value, as the server counts them; the value
 * standing for "the NFT lacks this trait type". Defined by the contract: the page route reads them.
 */
export { MISSING_VALUE_KEY, normalizeTraitKey, type TraitSelection };
export const MISSING_VALUE_LABEL = 'Not present';

/** Numeric and date traits are ranges, not values: the rarity engine and the filter bar leave them out. */
const RANGE_DISPLAY_TYPES: ReadonlySet<string> = new Set([
  'number',
  'boost_number',
  'boost_percentage',
  'date',
]);

function isValueTrait(attribute: NftAttribute): boolean {
  if (attribute.value === null || attribute.value === undefined) return false;
  const displayType = attribute.display_type;
  return !(typeof displayType === 'string' && RANGE_DISPLAY_TYPES.has(normalizeTraitKey(displayType)));
}

/** trait type key -> value keys the NFT carries. */
export function nftTraitKeys(nft: Nft): Map<string, Set<string>> {
  const keys = new Map<string, Set<string>>();
  for (const attribute of nftTraits(nft)) {
    if (!isValueTrait(attribute)) continue;
    const type = normalizeTraitKey(attribute.trait_type);
    const values = keys.get(type) ?? new Set<string>();
    values.add(normalizeTraitKey(attribute.value));
    keys.set(type, values);
  }
  return keys;
}

function activeEntries(selection: TraitSelection): Array<[string, readonly string[]]> {
  return Object.entries(selection).filter(([, values]) => values.length > 0);
}

/** SPEC §5: several values of one trait are OR; separate traits are AND. */
export function filterByTraitSelection(nfts: readonly Nft[], selection: TraitSelection): Nft[] {
  const active = activeEntries(selection);
  if (active.length === 0) return [...nfts];
  return nfts.filter((nft) => {
    const keys = nftTraitKeys(nft);
    return active.every(([type, values]) => {
      const carried = keys.get(type);
      return values.some((value) =>
        value === MISSING_VALUE_KEY ? !carried : (carried?.has(value) ?? false),
      );
    });
  });
}

/** Adds or removes one value; a trait type left without values disappears from the selection. */
export function toggleTraitValue(
  selection: TraitSelection,
  typeKey: string,
  valueKey: string,
): TraitSelection {
  const values = selection[typeKey] ?? [];
  const next = values.includes(valueKey) ? values.filter((v) => v !== valueKey) : [...values, valueKey];
  const { [typeKey]: _removed, ...rest } = selection;
  return next.length > 0 ? { ...rest, [typeKey]: next } : rest;
}

export function selectedValueCount(selection: TraitSelection): number {
  return activeEntries(selection).reduce((sum, [, values]) => sum + values.length, 0);
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The same summary as GET /api/collections/{network}/{address}/traits, counted from NFTs at hand:
 * for a wallet's share of a collection, or while the collection's summary is not available.
 */
export function summarizeNftTraits(nfts: readonly Nft[]): TraitTypeCounts[] {
  const types = new Map<
    string,
    { traitType: string; carried: number; values: Map<string, { value: string; count: number }> }
  >();
  for (const nft of nfts) {
    const seenTypes = new Set<string>();
    for (const attribute of nftTraits(nft)) {
      if (!isValueTrait(attribute)) continue;
      const typeKey = normalizeTraitKey(attribute.trait_type);
      const valueKey = normalizeTraitKey(attribute.value);
      let type = types.get(typeKey);
      if (!type) {
        type = { traitType: String(attribute.trait_type).trim(), carried: 0, values: new Map() };
        types.set(typeKey, type);
      }
      if (!seenTypes.has(typeKey)) {
        seenTypes.add(typeKey);
        type.carried += 1;
      }
      const value = type.values.get(valueKey);
      if (value) value.count += 1;
      else type.values.set(valueKey, { value: String(attribute.value).trim(), count: 1 });
    }
  }
  return [...types.entries()]
    .map(([key, type]) => ({
      traitType: type.traitType,
      key,
      values: [...type.values.entries()]
        .map(([valueKey, value]) => ({ value: value.value, key: valueKey, count: value.count }))
        .sort((a, b) => b.count - a.count || collator.compare(a.value, b.value)),
      missing: nfts.length - type.carried,
    }))
    .sort((a, b) => collator.compare(a.traitType, b.traitType));
}

/** How many NFTs of the summary carry this value (null when the summary does not know it). */
export function traitValueCount(
  summary: readonly TraitTypeCounts[],
  traitType: string,
  value: unknown,
): number | null {
  const type = summary.find((t) => t.key === normalizeTraitKey(traitType));
  const entry = type?.values.find((v) => v.key === normalizeTraitKey(value));
  return entry ? entry.count : null;
}

export interface ActiveTraitChip {
  typeKey: string;
  valueKey: string;
  traitType: string;
  value: string;
}

/** The chosen values with their display names, in summary order, for the chips above the grid. */
export function activeTraitChips(
  selection: TraitSelection,
  summary: readonly TraitTypeCounts[],
): ActiveTraitChip[] {
  const chips: ActiveTraitChip[] = [];
  for (const [typeKey, values] of activeEntries(selection)) {
    const type = summary.find((t) => t.key === typeKey);
    for (const valueKey of values) {
      const label =
        valueKey === MISSING_VALUE_KEY
          ? MISSING_VALUE_LABEL
          : (type?.values.find((v) => v.key === valueKey)?.value ?? valueKey);
      chips.push({ typeKey, valueKey, traitType: type?.traitType ?? typeKey, value: label });
    }
  }
  const order = new Map(summary.map((type, index) => [type.key, index]));
  const rank = (typeKey: string) => order.get(typeKey) ?? Number.MAX_SAFE_INTEGER;
  return chips.sort((a, b) => rank(a.typeKey) - rank(b.typeKey));
}

/** Values of one trait type matching a search within the filter panel. */
export function matchingValues(type: TraitTypeCounts, query: string): TraitTypeCounts['values'] {
  const needle = normalizeTraitKey(query);
  if (!needle) return type.values;
  if (type.key.includes(needle)) return type.values;
  return type.values.filter((value) => value.key.includes(needle));
}
