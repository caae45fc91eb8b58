import type { TraitSelection, TraitTypeCounts } from '@nexus/contract';
import type { FacetCounts } from './collection-page.repository.js';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A selection in one spelling: types and values sorted, empty types left out (the cache key). */
export function canonicalSelection(selection: TraitSelection): TraitSelection {
  return Object.fromEntries(
    Object.entries(selection)
      .filter(([, values]) => values.length > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([type, values]) => [type, [...values].sort()]),
  );
}

/**
 * The filter bar's counts from a collection's counts: every type and value of `all` (the whole
 * collection, labelled), counted in `full` (the whole filter) except a chosen type's values, counted
 * in its own set of `perChosen` (the filter without that type's choice).
 */
export function facetTypes(
  all: FacetCounts,
  full: FacetCounts,
  perChosen: ReadonlyMap<string, FacetCounts>,
): TraitTypeCounts[] {
  const types: TraitTypeCounts[] = [];
  for (const [typeKey, values] of all.values) {
    const set = perChosen.get(typeKey) ?? full;
    const current = set.values.get(typeKey);
    let typeLabel: string | undefined;
    for (const v of values.values())
      if (typeLabel === undefined || v.typeLabel < typeLabel) typeLabel = v.typeLabel;
    types.push({
      traitType: typeLabel ?? typeKey,
      key: typeKey,
      values: [...values.entries()]
        .map(([key, v]) => ({ value: v.valueLabel, key, count: current?.get(key)?.count ?? 0 }))
        .sort((a, b) => b.count - a.count || collator.compare(a.value, b.value)),
      missing: set.total - (set.carried.get(typeKey) ?? 0),
    });
  }
  return types.sort((a, b) => collator.compare(a.traitType, b.traitType));
}
