import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, Matches } from 'class-validator';
import {
  FINGERPRINT_PATTERN,
  VOTE_MESSAGES,
  VOTE_TYPES,
  type VoteCheckResponse,
  type VoteRequest,
  type VoteResponse,
  type VoteType,
} from '@nexus/contract';
import { ID_PATTERN, SubmissionAnswerDto } from './submission.dto.js';

/** A submission id may come as a number from a client that parsed it; it is kept as text. */
const idText = ({ value }: { value: unknown }) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;

/** POST /api/collection-votes (SPEC §3 vote payload). */
export class CastVoteDto implements VoteRequest {
  @ApiProperty({ type: String, pattern: ID_PATTERN.source, example: '1' })
  @Transform(idText)
  @Matches(ID_PATTERN, { message: `submissionId must be a positive whole number` })
  submissionId!: string;

  @ApiProperty({ enum: VOTE_TYPES })
  @IsIn(VOTE_TYPES, { message: VOTE_MESSAGES.voteType })
  voteType!: VoteType;

  @ApiProperty({ pattern: FINGERPRINT_PATTERN.source, example: 'k2j4h5' })
  @Matches(FINGERPRINT_PATTERN, { message: VOTE_MESSAGES.fingerprint })
  voterFingerprint!: string;
}

/** GET /api/collection-votes/{id}/check?fingerprint= */
export class VoteCheckQueryDto {
  @ApiProperty({ pattern: FINGERPRINT_PATTERN.source, example: 'k2j4h5' })
  @Matches(FINGERPRINT_PATTERN, { message: 'fingerprint must be the base-36 fingerprint of this browser' })
  fingerprint!: string;
}

// Answers, for the OpenAPI reference.

export class VoteResultDto extends SubmissionAnswerDto implements VoteResponse {
  @ApiProperty({ enum: VOTE_TYPES }) voteType!: VoteType;
  @ApiProperty({ description: 'Totals after this vote' }) yesVotes!: number;
  @ApiProperty() noVotes!: number;
  @ApiProperty() totalVotes!: number;
}

export class VoteCheckDto implements VoteCheckResponse {
  @ApiProperty({ description: 'This fingerprint voted on this submission within the last 24 hours' })
  hasVoted!: boolean;
}
