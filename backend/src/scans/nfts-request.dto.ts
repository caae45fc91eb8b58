import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ENABLED_NETWORKS, type Network, type SearchType } from '@nexus/contract';
import { OptionalFlag, quickCheck, trim } from '../platform/common/index.js';

/** POST /api/nfts body (SPEC §7); address rules per search type are checked by the service. */
export class NftsRequestDto {
  @Transform(trim)
  @IsString({ message: 'address must be a string' })
  @IsNotEmpty({ message: 'Please enter a wallet address or ENS name' })
  @MaxLength(255, { message: 'address is too long' })
  address!: string;

  @IsIn(ENABLED_NETWORKS, { message: `network must be one of: ${ENABLED_NETWORKS.join(', ')}` })
  network!: Network;

  @IsIn(['wallet', 'collection'], { message: 'searchType must be wallet or collection' })
  searchType!: SearchType;

  @OptionalFlag()
  includeAllTokenTypes?: boolean;

  @OptionalFlag()
  includeMetadata?: boolean;

  @OptionalFlag()
  forceRefresh?: boolean;

  @OptionalFlag()
  preload?: boolean;

  @OptionalFlag()
  paged?: boolean;
}

const FIELDS = new Set([
  'address',
  'network',
  'searchType',
  'includeAllTokenTypes',
  'includeMetadata',
  'forceRefresh',
  'preload',
  'paged',
]);
const FLAGS = ['includeAllTokenTypes', 'includeMetadata', 'forceRefresh', 'preload', 'paged'] as const;
const NETWORKS: ReadonlySet<unknown> = new Set(ENABLED_NETWORKS);

/**
 * The body every search sends, taken without class-transformer and class-validator: known fields
 * only, of the right types, the address trimmed. Anything else (unknown fields, null flags, a NUL
 * character, a wrong value) goes through the full validation for its 400.
 */
quickCheck(NftsRequestDto, (value) => {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return null;
  const body = value as Record<string, unknown>;
  for (const key in body) if (!FIELDS.has(key)) return null;
  const address = typeof body.address === 'string' ? body.address.trim() : null;
  if (!address || address.length > 255 || address.includes('\u0000')) return null;
  if (!NETWORKS.has(body.network)) return null;
  if (body.searchType !== 'wallet' && body.searchType !== 'collection') return null;
  for (const flag of FLAGS) if (body[flag] !== undefined && typeof body[flag] !== 'boolean') return null;
  return Object.assign(new NftsRequestDto(), body, { address });
});
