import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  COLLECTION_PAGE_LIMITS,
  COLLECTION_RANKS_MAX_TOKEN_IDS,
  COLLECTION_SORTS,
  DEFAULT_COLLECTION_SORT,
  ENABLED_NETWORKS,
  EVM_ADDRESS_PATTERN,
  SORT_ORDERS,
  type CollectionPageQuery,
  type CollectionSort,
  type Network,
  type SortOrder,
} from '@nexus/contract';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import { OptionalWholeNumber } from '../platform/common/index.js';

const L = COLLECTION_PAGE_LIMITS;

/** `/api/collections/:network/:address/nfts` path. */
export class CollectionPagePathDto {
  @ApiProperty({ enum: ENABLED_NETWORKS })
  @IsIn(ENABLED_NETWORKS, { message: `network must be one of: ${ENABLED_NETWORKS.join(', ')}` })
  network!: Network;

  @ApiProperty({ pattern: EVM_ADDRESS_PATTERN.source })
  @Matches(EVM_ADDRESS_PATTERN, { message: 'address must be 0x followed by 40 hex characters' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  address!: string;
}

/** A repeated query parameter arrives as an array, a single one as a string: always an array here. */
const asList = ({ value }: { value: unknown }) =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

/** `?page=&pageSize=&sort=&order=&search=&traits=&owner=` */
export class CollectionPageQueryDto implements CollectionPageQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: L.maxPage, default: 1 })
  @OptionalWholeNumber(1, L.maxPage)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: L.maxPageSize, default: L.defaultPageSize })
  @OptionalWholeNumber(1, L.maxPageSize)
  pageSize?: number;

  @ApiPropertyOptional({ enum: COLLECTION_SORTS, default: DEFAULT_COLLECTION_SORT })
  @IsOptional()
  @IsIn(COLLECTION_SORTS, { message: `sort must be one of: ${COLLECTION_SORTS.join(', ')}` })
  sort?: CollectionSort;

  @ApiPropertyOptional({
    enum: SORT_ORDERS,
    description: 'Default: asc, but desc for rarity-score. Unranked NFTs come last either way.',
  })
  @IsOptional()
  @IsIn(SORT_ORDERS, { message: 'order must be asc or desc' })
  order?: SortOrder;

  @ApiPropertyOptional({ maxLength: L.maxSearchLength, description: 'Name or token id contains it' })
  @IsOptional()
  @IsString({ message: 'search must be a string' })
  @MaxLength(L.maxSearchLength, { message: `search is too long (${L.maxSearchLength} characters at most)` })
  search?: string;

  @ApiPropertyOptional({
    type: [String],
    description:
      'Repeated, one per chosen value: `type:value` (normalised keys; `%` and `:` in the type as %25 ' +
      'and %3A; the value " missing" for NFTs without the type). OR within a type, AND across types.',
    example: ['background:blue', 'eyes:laser'],
  })
  @IsOptional()
  @Transform(asList)
  @IsArray({ message: 'traits must be a list of type:value' })
  @ArrayMaxSize(L.maxTraitValues, { message: `at most ${L.maxTraitValues} trait values can be chosen` })
  @IsString({ each: true, message: 'traits must be a list of type:value' })
  @MaxLength(L.maxTraitLength, {
    each: true,
    message: `a trait value is at most ${L.maxTraitLength} characters`,
  })
  @Matches(/^[^:]+:.+$/s, { each: true, message: 'each trait must be written type:value' })
  traits?: string[];

  @ApiPropertyOptional({
    maxLength: L.maxOwnerLength,
    description:
      'Only the NFTs this holder owns as the transfer index knows them (ERC-1155: a positive balance): a ' +
      '0x address or an ENS name. Where the network’s index is off the page is empty and `owner.indexed` false.',
    example: 'vitalik.eth',
  })
  @IsOptional()
  @IsString({ message: 'owner must be a 0x address or an ENS name' })
  @MaxLength(L.maxOwnerLength, { message: `owner is too long (${L.maxOwnerLength} characters at most)` })
  owner?: string;
}

/** Token ids as a comma-separated list, repeated or not: always a list of trimmed ids here. */
const asTokenIds = ({ value }: { value: unknown }) => {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part: unknown) =>
    typeof part === 'string' ? part.split(',') : [part],
  );
  return parts.map((part) => (typeof part === 'string' ? part.trim() : part)).filter((part) => part !== '');
};

/** `?tokenIds=1,2,3` of `/api/collections/:network/:address/ranks` */
export class CollectionRanksQueryDto {
  @ApiProperty({
    type: String,
    description: `Decimal token ids, comma-separated (or repeated), ${COLLECTION_RANKS_MAX_TOKEN_IDS} at most`,
    example: '1,2,3',
  })
  @Transform(asTokenIds)
  @IsArray({ message: 'tokenIds must be a list of token ids' })
  @ArrayMinSize(1, { message: 'tokenIds must name at least one token id' })
  @ArrayMaxSize(COLLECTION_RANKS_MAX_TOKEN_IDS, {
    message: `at most ${COLLECTION_RANKS_MAX_TOKEN_IDS} token ids per request`,
  })
  @IsString({ each: true, message: 'tokenIds must be a list of token ids' })
  @Matches(/^\d{1,78}$/, { each: true, message: 'each token id must be a decimal number' })
  tokenIds!: string[];
}
