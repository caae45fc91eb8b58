import {
  BUBBLE_COUNT,
  DISABLED_NETWORKS,
  ENABLED_NETWORKS,
  EVM_ADDRESS_PATTERN,
  SUBMISSION_MESSAGES,
  SUBMISSION_NAME_MAX,
  WHITELIST_DEFAULTS,
  isNetwork,
  type AnyNetwork,
  type WhitelistedCollection,
  type WhitelistedCollectionInput,
  type WhitelistedCollectionPatch,
} from '@nexus/contract';

/** SPEC §1/§3: the admin form offers every network, Solana included; polygon first by default. */
export const WHITELIST_NETWORK_OPTIONS: readonly AnyNetwork[] = [...ENABLED_NETWORKS, ...DISABLED_NETWORKS];
export const WHITELIST_DEFAULT_NETWORK: AnyNetwork = 'polygon';

/** What the form edits: the collection's fields, bubble count and background URLs as typed (parsed on save). */
export interface WhitelistFormValues extends Omit<
  WhitelistedCollection,
  'id' | 'backgroundImageUrls' | 'bubbleCount'
> {
  /** One URL per line. */
  backgroundImageUrls: string;
  bubbleCount: string;
}

export type WhitelistFormErrors = Partial<Record<keyof WhitelistFormValues, string>>;

export const WHITELIST_FORM_MESSAGES = {
  contractRequired: SUBMISSION_MESSAGES.contractRequired,
  contractFormat: SUBMISSION_MESSAGES.contractFormat,
  nameRequired: SUBMISSION_MESSAGES.nameRequired,
  nameTooLong: SUBMISSION_MESSAGES.nameTooLong,
  bubbleCount: `Bubble count must be a whole number from ${BUBBLE_COUNT.min} to ${BUBBLE_COUNT.max}`,
} as const;

/** SPEC §3 defaults: network polygon, bubbles 15, medium speed and size, all directions. */
export function emptyWhitelistForm(): WhitelistFormValues {
  return {
    contractAddress: '',
    name: '',
    network: WHITELIST_DEFAULT_NETWORK,
    ...WHITELIST_DEFAULTS,
    backgroundImageUrls: WHITELIST_DEFAULTS.backgroundImageUrls.join('\n'),
    bubbleCount: String(WHITELIST_DEFAULTS.bubbleCount),
  };
}

export function formFromCollection(collection: WhitelistedCollection): WhitelistFormValues {
  return {
    contractAddress: collection.contractAddress,
    name: collection.name,
    network: collection.network,
    description: collection.description,
    logoUrl: collection.logoUrl,
    bannerUrl: collection.bannerUrl,
    website: collection.website,
    discord: collection.discord,
    twitter: collection.twitter,
    telegram: collection.telegram,
    isFeatured: collection.isFeatured,
    hasAnimatedBackground: collection.hasAnimatedBackground,
    backgroundImageUrls: collection.backgroundImageUrls.join('\n'),
    bubbleCount: String(collection.bubbleCount),
    animationSpeed: collection.animationSpeed,
    bubbleSize: collection.bubbleSize,
    animationDirection: collection.animationDirection,
  };
}

/** SPEC §5: bubble count 5 to 50, blank falls back to 15; null when out of bounds or not whole. */
export function parseBubbleCount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return BUBBLE_COUNT.default;
  if (!/^\d+$/.test(trimmed)) return null;
  const count = Number(trimmed);
  return count >= BUBBLE_COUNT.min && count <= BUBBLE_COUNT.max ? count : null;
}

/** SPEC §5: background image URLs one per line, blank lines dropped. */
export function parseBackgroundImageUrls(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** SPEC §5 admin collection form: contract address and name required, bubble count 5 to 50. */
export function validateWhitelistForm(values: WhitelistFormValues): WhitelistFormErrors {
  const errors: WhitelistFormErrors = {};
  const contract = values.contractAddress.trim();
  if (contract === '') errors.contractAddress = WHITELIST_FORM_MESSAGES.contractRequired;
  // EVM networks take 0x addresses; Solana's form is left to the server.
  else if (isNetwork(values.network) && !EVM_ADDRESS_PATTERN.test(contract))
    errors.contractAddress = WHITELIST_FORM_MESSAGES.contractFormat;
  const name = values.name.trim();
  if (name === '') errors.name = WHITELIST_FORM_MESSAGES.nameRequired;
  else if (name.length > SUBMISSION_NAME_MAX) errors.name = WHITELIST_FORM_MESSAGES.nameTooLong;
  if (parseBubbleCount(values.bubbleCount) === null) errors.bubbleCount = WHITELIST_FORM_MESSAGES.bubbleCount;
  return errors;
}

/** The body of POST /api/whitelisted-collections for valid form values. */
export function toWhitelistInput(values: WhitelistFormValues): WhitelistedCollectionInput {
  return {
    contractAddress: values.contractAddress.trim(),
    name: values.name.trim(),
    network: values.network,
    description: values.description,
    logoUrl: values.logoUrl.trim(),
    bannerUrl: values.bannerUrl.trim(),
    website: values.website.trim(),
    discord: values.discord.trim(),
    twitter: values.twitter.trim(),
    telegram: values.telegram.trim(),
    isFeatured: values.isFeatured,
    hasAnimatedBackground: values.hasAnimatedBackground,
    backgroundImageUrls: parseBackgroundImageUrls(values.backgroundImageUrls),
    bubbleCount: parseBubbleCount(values.bubbleCount) ?? BUBBLE_COUNT.default,
    animationSpeed: values.animationSpeed,
    bubbleSize: values.bubbleSize,
    animationDirection: values.animationDirection,
  };
}

/** The PATCH body of an edit: only the fields whose value differs from the stored collection. */
export function changedFields(
  original: WhitelistedCollection,
  input: WhitelistedCollectionInput,
): WhitelistedCollectionPatch {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input) as Array<[keyof WhitelistedCollectionInput, unknown]>) {
    if (JSON.stringify(original[field]) !== JSON.stringify(value)) patch[field] = value;
  }
  return patch as WhitelistedCollectionPatch;
}
