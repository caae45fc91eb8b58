import {
  ENABLED_NETWORKS,
  EVM_ADDRESS_PATTERN,
  RARITY_METHOD_NAMES,
  type CalculateRarityRequest,
  type Network,
  type RarityMethodName,
  type RarityRequest,
} from '@nexus/contract';
import { IsIn, IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { OptionalFlag } from '../platform/common/index.js';
import { IsRarityTokens } from './rarity-tokens.validator.js';

export const CONTRACT_ADDRESS_MESSAGE = 'contractAddress must be 0x followed by 40 hex characters';

/**
 * POST /api/calculate-rarity body (SPEC §7), checked by CalculateRarityPipe. Without `nfts`, the
 * stored collection is ranked.
 */
export class CalculateRarityDto implements CalculateRarityRequest {
  @ValidateIf((body: CalculateRarityDto) => body.nfts !== undefined)
  @IsRarityTokens()
  nfts?: RarityRequest['nfts'];

  @IsString({ message: CONTRACT_ADDRESS_MESSAGE })
  @Matches(EVM_ADDRESS_PATTERN, { message: CONTRACT_ADDRESS_MESSAGE })
  contractAddress!: string;

  @IsIn(ENABLED_NETWORKS, { message: `network must be one of: ${ENABLED_NETWORKS.join(', ')}` })
  network!: Network;

  @IsOptional()
  @IsIn(RARITY_METHOD_NAMES, { message: `method must be one of: ${RARITY_METHOD_NAMES.join(', ')}` })
  method?: RarityMethodName;

  @OptionalFlag()
  forceRefresh?: boolean;
}
