/**
 * `nft.trait_keys` and `nft.trait_facets` of an NFT's attributes, computed where the row is written
 * (Migration20261209100000_trait_keys_written): the same elements as the PostgreSQL functions
 * `nft_trait_keys` and `nft_trait_facets` give, sorted by code unit (their order carries no
 * meaning: the columns are read as sets). Only where JavaScript and PostgreSQL provably agree:
 * ASCII text, whose trimming (space, \t, \n, \v, \f, \r) and lower case are the same in both under
 * any database locale that lower-cases ASCII as ASCII (all but the Turkic ones). Anything else
 * (a letter past ASCII, a nested value, a type that is not text) gives null, and the database's
 * trigger computes the row's keys with the functions.
 */
export interface TraitKeyColumns {
  keys: string[];
  facets: string[];
}

/** Separates a type key, value key and labels in the keys and facets. */
const SEP = '\u001f';
// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/;
/** OpenSea display types filed as ranges, left out of the keys (as the functions leave them out). */
const RANGE_DISPLAY_TYPES: ReadonlySet<string> = new Set([
  'number',
  'boost_number',
  'boost_percentage',
  'date',
]);

export function traitKeyColumns(attributes: unknown): TraitKeyColumns | null {
  const keys = new Set<string>();
  const facets = new Set<string>();
  if (!Array.isArray(attributes)) return { keys: [], facets: [] };
  for (const attribute of attributes as unknown[]) {
    if (typeof attribute !== 'object' || attribute === null || Array.isArray(attribute)) continue;
    const { trait_type: type, value, display_type: display } = attribute as Record<string, unknown>;
    // JSON has no NaN or Infinity: JSON.stringify writes them as null, which the functions skip.
    if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value)))
      continue;
    if (typeof display === 'string') {
      if (!ASCII.test(display)) return null;
      // btrim with no characters trims spaces alone.
      if (RANGE_DISPLAY_TYPES.has(display.replace(/^ +| +$/g, '').toLowerCase())) continue;
    }
    if (type === null || type === undefined) continue;
    if (typeof type !== 'string') return null;
    // A number as JavaScript spells it, which `nft_number_text` spells it as stored.
    const text =
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : null;
    if (text === null) return null;
    const found = entries(type, text);
    if (!found) return null;
    const [typeKey, pair, facet] = found;
    keys.add(typeKey).add(pair);
    facets.add(typeKey).add(facet);
  }
  return { keys: [...keys].sort(), facets: [...facets].sort() };
}

/** The columns as a row's JSON gives them to PostgreSQL: null where the trigger computes them. */
export function traitKeyFields(attributes: unknown): {
  trait_keys: string[] | null;
  trait_facets: string[] | null;
} {
  const columns = traitKeyColumns(attributes);
  return { trait_keys: columns?.keys ?? null, trait_facets: columns?.facets ?? null };
}

/** Type key, pair key and facet of ASCII type-value texts (null past ASCII): most repeat from NFT to NFT. */
const seen = new Map<string, readonly [string, string, string]>();
const SEEN_AT_MOST = 20_000;

function entries(type: string, text: string): readonly [string, string, string] | null {
  const name = `${type}\u0000${text}`;
  let found = seen.get(name);
  if (found) return found;
  if (!ASCII.test(type) || !ASCII.test(text)) return null;
  const t = type.trim();
  const v = text.trim();
  const typeKey = t.toLowerCase();
  const pair = `${typeKey}${SEP}${v.toLowerCase()}`;
  found = [typeKey, pair, `${pair}${SEP}${t}${SEP}${v}`];
  if (seen.size >= SEEN_AT_MOST) seen.clear();
  seen.set(name, found);
  return found;
}
