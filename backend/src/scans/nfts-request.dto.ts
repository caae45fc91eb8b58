import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ENABLED_NETWORKS, type Network, type SearchType } from '@nexus/contract';
import { trim } from '../common/validation.rules.js';

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

  @IsOptional()
  @IsBoolean({ message: 'includeAllTokenTypes must be a boolean' })
  includeAllTokenTypes?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'includeMetadata must be a boolean' })
  includeMetadata?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'forceRefresh must be a boolean' })
  forceRefresh?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'preload must be a boolean' })
  preload?: boolean;
}
