import { isUnscoredAttribute, normalizeTraitString, PairFlag, type TraitIndex } from './trait-index.js';
import type { NumericTraitRange, TraitTypeCounts } from '@nexus/contract';
import type { TraitSummary } from './rarity.types.js';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Trait types with their values and counts (on normalised values), for a filter bar. */
export function summarizeTraits(index: TraitIndex): TraitSummary {
  const traitCountType = index.traitCountType;
  const traitTypes: TraitTypeCounts[] = [];
  for (let type = 0; type < traitCountType; type++) {
    traitTypes.push({
      traitType: index.typeLabels[type],
      key: index.typeKeys[type],
      values: [],
      missing: index.pairCount[index.missingPair[type]],
    });
  }
  const traitCounts: TraitSummary['traitCounts'] = [];
  for (let pair = 0; pair < index.pairTotal; pair++) {
    const count = index.pairCount[pair];
    const flags = index.pairFlags[pair];
    // A value seen only under a repeated trait type that a later value replaced has no token left.
    if (count === 0 || flags & PairFlag.Missing) continue;
    if (flags & PairFlag.TraitCount) {
      traitCounts.push({ traitCount: Number(index.pairKeys[pair]), count });
    } else {
      traitTypes[index.pairType[pair]].values.push({
        value: index.pairLabels[pair] ?? '',
        key: index.pairKeys[pair],
        count,
      });
    }
  }
  for (const traitType of traitTypes) {
    traitType.values.sort((a, b) => b.count - a.count || collator.compare(a.value, b.value));
  }
  traitTypes.sort((a, b) => collator.compare(a.traitType, b.traitType));
  traitCounts.sort((a, b) => a.traitCount - b.traitCount);

  return {
    tokenCount: index.tokenCount,
    traitTypes: traitTypes.filter((traitType) => traitType.values.length > 0),
    traitCounts,
    numericTraits: summarizeNumericTraits(index),
  };
}

function summarizeNumericTraits(index: TraitIndex): NumericTraitRange[] {
  const byKey = new Map<string, NumericTraitRange>();
  index.tokens.forEach((token, t) => {
    if (!index.hasUnscored[t]) return;
    const seen = new Set<string>();
    for (const attribute of token.attributes) {
      if (!isUnscoredAttribute(attribute)) continue;
      const value = Number(attribute.value);
      if (!Number.isFinite(value)) continue;
      const traitType = String(attribute.trait_type ?? '').trim();
      const key = normalizeTraitString(traitType);
      const summary = byKey.get(key);
      if (summary) {
        if (!seen.has(key)) summary.count++;
        summary.min = Math.min(summary.min, value);
        summary.max = Math.max(summary.max, value);
      } else {
        const displayType = normalizeTraitString(attribute.display_type ?? '');
        byKey.set(key, { traitType, key, displayType, count: 1, min: value, max: value });
      }
      seen.add(key);
    }
  });
  return [...byKey.values()].sort((a, b) => collator.compare(a.traitType, b.traitType));
}
