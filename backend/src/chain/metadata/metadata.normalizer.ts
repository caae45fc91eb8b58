import { GENERIC_TRAIT_TYPE, type NftAttribute } from '@nexus/contract';

import type { ResolvedMetadata } from '../nft-source.js';

// Metadata is untrusted: bound what one token can put into our database and pages.
const MAX_ATTRIBUTES = 300;
const MAX_TRAIT_TYPE_LENGTH = 256;
const MAX_VALUE_LENGTH = 1024;
const MAX_NAME_LENGTH = 512;
const MAX_DESCRIPTION_LENGTH = 20_000;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** PostgreSQL text and jsonb cannot hold U+0000: a token that puts it in its metadata loses it. */
function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

function cleanText(value: unknown, maxLength: number): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = withoutNul(value).trim();
  return text === '' ? null : text.slice(0, maxLength);
}

function firstText(candidates: readonly unknown[], maxLength: number): string | null {
  for (const candidate of candidates) {
    const text = cleanText(candidate, maxLength);
    if (text !== null) return text;
  }
  return null;
}

function attributeValue(value: unknown): string | number | boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return cleanText(value, MAX_VALUE_LENGTH);
  return null;
}

/**
 * One attribute entry. An entry with a value and no trait type at all is a generic property in
 * OpenSea's metadata standard ("just a value … set as a generic property"): it is kept under
 * GENERIC_TRAIT_TYPE. A blank trait type is a broken entry and is dropped.
 */
function fromEntry(entry: unknown): NftAttribute | null {
  if (!isObject(entry)) return null;
  const named = firstText(
    [entry.trait_type, entry.traitType, entry.key, entry.name, entry.type],
    MAX_TRAIT_TYPE_LENGTH,
  );
  const value = attributeValue(entry.value ?? entry.trait_value ?? entry.traitValue);
  const traitType = named ?? (hasTypeField(entry) ? null : GENERIC_TRAIT_TYPE);
  if (traitType === null || value === null) return null;
  const displayType = cleanText(entry.display_type ?? entry.displayType, MAX_TRAIT_TYPE_LENGTH);
  return displayType === null
    ? { trait_type: traitType, value }
    : { trait_type: traitType, value, display_type: displayType };
}

/** Some trait type field is present, even if blank. */
function hasTypeField(entry: JsonObject): boolean {
  return ['trait_type', 'traitType', 'key', 'name', 'type'].some(
    (field) => entry[field] !== undefined && entry[field] !== null,
  );
}

function fromMap(map: JsonObject): NftAttribute[] {
  const attributes: NftAttribute[] = [];
  for (const [key, raw] of Object.entries(map)) {
    const traitType = cleanText(key, MAX_TRAIT_TYPE_LENGTH);
    // `{ Eyes: { value: 'Red', display_type: … } }` as well as `{ Eyes: 'Red' }`.
    const entry = isObject(raw) ? fromEntry({ ...raw, trait_type: key }) : null;
    const value = entry ? null : attributeValue(raw);
    if (entry) attributes.push(entry);
    else if (traitType !== null && value !== null) attributes.push({ trait_type: traitType, value });
  }
  return attributes;
}

/**
 * Traits in every shape collections publish them: `[{ trait_type, value }]`, entries keyed by
 * `key`/`name`/`type`, object maps `{ Background: 'Blue' }`, and the same serialised as a string.
 * `[{ value }]` entries are generic properties (GENERIC_TRAIT_TYPE). Entries with a blank trait
 * type or with a null, empty or structured value are dropped.
 */
export function normalizeAttributes(raw: unknown): NftAttribute[] {
  let source = raw;
  if (typeof source === 'string' && /^\s*[[{]/.test(source)) {
    try {
      source = JSON.parse(source) as unknown;
    } catch {
      return [];
    }
  }
  const attributes = Array.isArray(source)
    ? source.map(fromEntry).filter((a): a is NftAttribute => a !== null)
    : isObject(source)
      ? fromMap(source)
      : [];
  return attributes.slice(0, MAX_ATTRIBUTES);
}

function svgImageData(value: unknown): string | null {
  if (typeof value !== 'string' || !/<svg[\s>]/i.test(value)) return null;
  return `data:image/svg+xml;base64,${Buffer.from(value, 'utf8').toString('base64')}`;
}

function uriText(candidates: readonly unknown[]): string | null {
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && withoutNul(candidate).trim() !== '')
      return withoutNul(candidate).trim();
  }
  return null;
}

/**
 * Token metadata JSON → our normalised shape; null when it is not an object or says nothing
 * (an error document served with status 200 must not count as an answer).
 */
export function normalizeMetadata(json: unknown): ResolvedMetadata | null {
  if (!isObject(json)) return null;
  const fromAttributes = normalizeAttributes(json.attributes);
  const metadata: ResolvedMetadata = {
    name: firstText([json.name, json.title], MAX_NAME_LENGTH),
    description: cleanText(json.description, MAX_DESCRIPTION_LENGTH),
    image:
      uriText([json.image, json.image_url, json.imageUrl, json.image_uri]) ?? svgImageData(json.image_data),
    animationUrl: uriText([json.animation_url, json.animationUrl, json.animation]),
    attributes: fromAttributes.length > 0 ? fromAttributes : normalizeAttributes(json.traits),
  };
  const empty =
    metadata.name === null &&
    metadata.description === null &&
    metadata.image === null &&
    metadata.animationUrl === null &&
    metadata.attributes.length === 0;
  return empty ? null : metadata;
}

/** Metadata for a URI that answers an image (or video) instead of JSON. */
export function mediaOnlyMetadata(uri: string, kind: 'image' | 'video'): ResolvedMetadata {
  return {
    name: null,
    description: null,
    image: kind === 'image' ? uri : null,
    animationUrl: kind === 'video' ? uri : null,
    attributes: [],
  };
}
