import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, Matches, ValidateBy, type ValidationArguments } from 'class-validator';
import {
  ANIMATION_DIRECTIONS,
  ANIMATION_SPEEDS,
  BUBBLE_COUNT,
  BUBBLE_SIZES,
  DISABLED_NETWORKS,
  ENABLED_NETWORKS,
  isContractAddressFor,
  isEvmAddress,
  isSolanaAddress,
  type AnyNetwork,
  type WhitelistedCollection,
  type WhitelistedCollectionInput,
  type WhitelistedCollectionPatch,
} from '@nexus/contract';
import { Link, Optional, Text, isLink, trim } from '../platform/common/index.js';

/** The admin form offers every network, Solana included (SPEC §1). */
export const WHITELIST_NETWORKS: readonly AnyNetwork[] = [...ENABLED_NETWORKS, ...DISABLED_NETWORKS];
const NAME_MAX = 100;
const TEXT_MAX = 5000;
const LINK_MAX = 2048;
const BACKGROUND_IMAGES_MAX = 20;
/** SPEC §5: background image URLs are one per line, blanks dropped. */
const dropBlankLines = ({ value }: { value: unknown }) =>
  Array.isArray(value)
    ? value.map((v: unknown) => (typeof v === 'string' ? v.trim() : v)).filter((v: unknown) => v !== '')
    : value;

const UPLOADED_LINK = 'An http(s) URL or a path (an upload answer)';

/**
 * An optional link of the collection's profile, trimmed, of at most LINK_MAX characters: the same
 * as writing, above the property, `@ApiPropertyOptional({ maxLength, description }) @Optional()
 * @Transform(trim) @Link(LINK_MAX)`.
 */
function OptionalLink(description?: string): PropertyDecorator {
  return (target, key) => {
    // Applied last to first, as TypeScript applies decorators stacked in the order above.
    const stacked: PropertyDecorator[] = [
      ApiPropertyOptional({ maxLength: LINK_MAX, ...(description !== undefined && { description }) }),
      Optional(),
      Transform(trim),
      Link(LINK_MAX),
    ];
    for (const decorator of stacked.reverse()) decorator(target, key);
  };
}

/** Fields both bodies share, all optional; defaults are the entity's (SPEC §3). */
class WhitelistedCollectionFields {
  @ApiPropertyOptional({ enum: WHITELIST_NETWORKS, default: 'polygon' })
  @Optional()
  @IsIn(WHITELIST_NETWORKS, { message: `network must be one of: ${WHITELIST_NETWORKS.join(', ')}` })
  network?: AnyNetwork;

  @ApiPropertyOptional({ maxLength: TEXT_MAX })
  @Optional()
  @Text(TEXT_MAX)
  description?: string;

  @OptionalLink(UPLOADED_LINK)
  logoUrl?: string;

  @OptionalLink(UPLOADED_LINK)
  bannerUrl?: string;

  @OptionalLink()
  website?: string;

  @OptionalLink()
  discord?: string;

  @OptionalLink()
  twitter?: string;

  @OptionalLink()
  telegram?: string;

  @ApiPropertyOptional({ default: false })
  @Optional()
  @IsBoolean({ message: 'isFeatured must be true or false' })
  isFeatured?: boolean;

  @ApiPropertyOptional({ default: false })
  @Optional()
  @IsBoolean({ message: 'hasAnimatedBackground must be true or false' })
  hasAnimatedBackground?: boolean;

  @ApiPropertyOptional({
    type: [String],
    maxItems: BACKGROUND_IMAGES_MAX,
    description: 'Blank entries are dropped',
  })
  @Optional()
  @Transform(dropBlankLines)
  @ValidateBy({
    name: 'links',
    validator: {
      validate: (value: unknown) =>
        Array.isArray(value) &&
        value.length <= BACKGROUND_IMAGES_MAX &&
        value.every((v: unknown) => isLink(v, LINK_MAX)),
      defaultMessage: () =>
        `backgroundImageUrls must be a list of at most ${BACKGROUND_IMAGES_MAX} http(s) links`,
    },
  })
  backgroundImageUrls?: string[];

  @ApiPropertyOptional({
    type: 'integer',
    minimum: BUBBLE_COUNT.min,
    maximum: BUBBLE_COUNT.max,
    default: BUBBLE_COUNT.default,
  })
  @Optional()
  @ValidateBy({
    name: 'bubbleCount',
    validator: {
      validate: (value: unknown) =>
        Number.isInteger(value) &&
        (value as number) >= BUBBLE_COUNT.min &&
        (value as number) <= BUBBLE_COUNT.max,
      defaultMessage: () =>
        `bubbleCount must be a whole number from ${BUBBLE_COUNT.min} to ${BUBBLE_COUNT.max}`,
    },
  })
  bubbleCount?: number;

  @ApiPropertyOptional({ enum: ANIMATION_SPEEDS, default: 'medium' })
  @Optional()
  @IsIn(ANIMATION_SPEEDS, { message: `animationSpeed must be one of: ${ANIMATION_SPEEDS.join(', ')}` })
  animationSpeed?: WhitelistedCollection['animationSpeed'];

  @ApiPropertyOptional({ enum: BUBBLE_SIZES, default: 'medium' })
  @Optional()
  @IsIn(BUBBLE_SIZES, { message: `bubbleSize must be one of: ${BUBBLE_SIZES.join(', ')}` })
  bubbleSize?: WhitelistedCollection['bubbleSize'];

  @ApiPropertyOptional({ enum: ANIMATION_DIRECTIONS, default: 'all' })
  @Optional()
  @IsIn(ANIMATION_DIRECTIONS, {
    message: `animationDirection must be one of: ${ANIMATION_DIRECTIONS.join(', ')}`,
  })
  animationDirection?: WhitelistedCollection['animationDirection'];
}

const contractAddressMessage = ({ value }: ValidationArguments) =>
  value === undefined || value === null || value === ''
    ? 'Contract address is required'
    : 'Invalid contract address format';
const nameMessage = ({ value }: ValidationArguments) =>
  typeof value === 'string' && value !== '' ? 'Name too long' : 'Collection name is required';

/**
 * A contract address in the format of the body's network (base58 on Solana, 0x + 40 hex on the
 * others; the create default network is polygon). A PATCH that does not name the network may carry
 * either format.
 */
function ContractAddress(defaultNetwork: AnyNetwork | null): PropertyDecorator {
  return ValidateBy(
    {
      name: 'contractAddress',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const network = (args?.object as { network?: unknown } | undefined)?.network ?? defaultNetwork;
          if (typeof network === 'string') return isContractAddressFor(network, value);
          return isEvmAddress(value) || isSolanaAddress(value);
        },
      },
    },
    { message: contractAddressMessage },
  );
}

/** POST /api/whitelisted-collections (SPEC §5 admin collection form). */
export class CreateWhitelistedCollectionDto
  extends WhitelistedCollectionFields
  implements WhitelistedCollectionInput
{
  @ApiProperty({ description: '0x and 40 hex digits (base58 on Solana)', example: '0x' + 'a1'.repeat(20) })
  @Transform(trim)
  @ContractAddress('polygon')
  contractAddress!: string;

  @ApiProperty({ maxLength: NAME_MAX })
  @Transform(trim)
  @ValidateBy(
    {
      name: 'name',
      validator: { validate: (v: unknown) => typeof v === 'string' && v !== '' && v.length <= NAME_MAX },
    },
    { message: nameMessage },
  )
  name!: string;
}

/** PATCH /api/whitelisted-collections/{id}: only the fields that change, each validated as on create. */
export class UpdateWhitelistedCollectionDto
  extends WhitelistedCollectionFields
  implements WhitelistedCollectionPatch
{
  /** The edit form may send back the collection it edits: its id is ignored, the path's counts. */
  @Optional()
  @ValidateBy({ name: 'ignored', validator: { validate: () => true } })
  id?: unknown;

  @ApiPropertyOptional({ description: '0x and 40 hex digits (base58 on Solana)' })
  @Optional()
  @Transform(trim)
  @ContractAddress(null)
  contractAddress?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX })
  @Optional()
  @Transform(trim)
  @ValidateBy(
    {
      name: 'name',
      validator: { validate: (v: unknown) => typeof v === 'string' && v !== '' && v.length <= NAME_MAX },
    },
    { message: nameMessage },
  )
  name?: string;
}

export class WhitelistIdParams {
  @ApiProperty({ type: String, pattern: '^[1-9][0-9]{0,17}$', example: '1' })
  @Matches(/^[1-9][0-9]{0,17}$/, { message: 'id must be a positive whole number' })
  id!: string;
}
