import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, Matches, ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';
import {
  ENABLED_NETWORKS,
  EVM_ADDRESS_PATTERN,
  SUBMISSION_NAME_MAX,
  SUBMISSION_NETWORKS,
  SUBMISSION_STATUSES,
  SUBMISSION_TEXT_MAX,
  validateSubmission,
  type AdminCollectionSubmission,
  type AnyNetwork,
  type CollectionSubmission,
  type Network,
  type SubmissionCreatedResponse,
  type SubmissionDeletedResponse,
  type SubmissionField,
  type SubmissionInput,
  type SubmissionStats,
  type SubmissionStatus,
  type SubmissionUpdate,
  type SubmissionUpdatedResponse,
} from '@nexus/contract';
import { SuccessDto } from '../platform/answers/index.js';
import { trim } from '../platform/common/index.js';

/** The message `validateSubmission` gives this field of the whole body, if any. */
const problem = (args: ValidationArguments | undefined): string | undefined =>
  args === undefined
    ? undefined
    : validateSubmission(args.object as Partial<Record<SubmissionField, unknown>>)[
        args.property as SubmissionField
      ];

/**
 * SPEC §5 rules of the submission form, taken from the contract's `validateSubmission` (the form
 * runs the same function): the field is valid when that function finds nothing wrong with it.
 */
function SubmissionRule(): PropertyDecorator {
  return ValidateBy({
    name: 'submissionRule',
    validator: {
      validate: (_value: unknown, args?: ValidationArguments) => problem(args) === undefined,
      defaultMessage: (args?: ValidationArguments) => problem(args) ?? `${args?.property} is invalid`,
    },
  });
}

const optionalText = (description: string, maxLength: number) =>
  ApiPropertyOptional({ type: String, description, maxLength, default: '' });

/**
 * An optional text field of the form, trimmed, then held to the form's rules: the same as writing,
 * above the property, `@optionalText(description, maxLength) @Transform(trim) @SubmissionRule()`.
 */
function TrimmedText(description: string, maxLength: number): PropertyDecorator {
  return (target, key) => {
    // Applied last to first, as TypeScript applies decorators stacked in the order above.
    const stacked: PropertyDecorator[] = [
      optionalText(description, maxLength),
      Transform(trim),
      SubmissionRule(),
    ];
    for (const decorator of stacked.reverse()) decorator(target, key);
  };
}

/** The website and the social links. */
const LinkOrHandle = () =>
  TrimmedText('A link or handle; no scheme other than http(s)', SUBMISSION_TEXT_MAX.link);

/** The logo and the banner. */
const ImageUrl = () =>
  TrimmedText(
    'A URL POST /api/collection-submissions/upload answered (/api/media/files/<uuid>.<ext>) or an http(s) URL',
    SUBMISSION_TEXT_MAX.link,
  );

/** POST /api/collection-submissions (SPEC §3 submission form payload). */
export class CreateSubmissionDto implements SubmissionInput {
  @ApiProperty({
    description: '0x and 40 hex digits',
    example: '0x' + 'ab'.repeat(20),
    pattern: EVM_ADDRESS_PATTERN.source,
  })
  @Transform(trim)
  @SubmissionRule()
  contractAddress!: string;

  @ApiProperty({ enum: SUBMISSION_NETWORKS, example: 'polygon' })
  @SubmissionRule()
  network!: Network;

  @ApiProperty({ maxLength: SUBMISSION_NAME_MAX, example: 'Nexus Apes' })
  @Transform(trim)
  @SubmissionRule()
  name!: string;

  @optionalText('Free text', SUBMISSION_TEXT_MAX.description)
  @SubmissionRule()
  description?: string;

  @LinkOrHandle()
  website?: string;

  @LinkOrHandle()
  discord?: string;

  @LinkOrHandle()
  twitter?: string;

  @LinkOrHandle()
  telegram?: string;

  @TrimmedText('Never shown to visitors', SUBMISSION_TEXT_MAX.contact)
  submitterEmail?: string;

  @TrimmedText('Discord or Telegram handle; never shown to visitors', SUBMISSION_TEXT_MAX.contact)
  submitterContact?: string;

  @ImageUrl()
  bannerUrl?: string;

  @ImageUrl()
  logoUrl?: string;
}

/** Admin notes are free text up to this length. */
export const ADMIN_NOTES_MAX = 5000;

/** PATCH /api/admin/collection-submissions/{id}. */
export class UpdateSubmissionDto implements SubmissionUpdate {
  @ApiPropertyOptional({ enum: SUBMISSION_STATUSES })
  @ValidateIf((_o: object, value: unknown) => value !== undefined)
  @IsIn(SUBMISSION_STATUSES, { message: `status must be one of: ${SUBMISSION_STATUSES.join(', ')}` })
  status?: SubmissionStatus;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: ADMIN_NOTES_MAX })
  @ValidateBy({
    name: 'adminNotes',
    validator: {
      validate: (value: unknown) =>
        value === undefined ||
        value === null ||
        (typeof value === 'string' && value.length <= ADMIN_NOTES_MAX),
      defaultMessage: () => `adminNotes must be text of at most ${ADMIN_NOTES_MAX} characters`,
    },
  })
  adminNotes?: string | null;

  /** The SPEC client sends it; the server stamps its own time. */
  @ApiPropertyOptional({ type: String, description: 'Ignored: the server stamps the time of the update' })
  @ValidateBy({ name: 'ignored', validator: { validate: () => true } })
  reviewedAt?: string;

  @ApiPropertyOptional({ type: String, description: "Ignored: the server records 'Admin'" })
  @ValidateBy({ name: 'ignored', validator: { validate: () => true } })
  reviewedBy?: string;
}

/** GET /api/admin/collection-submissions?status= */
export class SubmissionListQueryDto {
  @ApiPropertyOptional({ enum: SUBMISSION_STATUSES, description: 'None: every status' })
  @ValidateIf((_o: object, value: unknown) => value !== undefined)
  @IsIn(SUBMISSION_STATUSES, { message: `status must be one of: ${SUBMISSION_STATUSES.join(', ')}` })
  status?: SubmissionStatus;
}

export const ID_MESSAGE = 'id must be a positive whole number';
export const ID_PATTERN = /^[1-9][0-9]{0,17}$/;

export class SubmissionIdParams {
  @ApiProperty({ type: String, pattern: ID_PATTERN.source, example: '1' })
  @Matches(ID_PATTERN, { message: ID_MESSAGE })
  id!: string;
}

// Answers, for the OpenAPI reference: each implements its contract type.

export class CollectionSubmissionDto implements CollectionSubmission {
  @ApiProperty({ example: '1' })
  id!: string;
  @ApiProperty()
  name!: string;
  @ApiProperty({ enum: ENABLED_NETWORKS })
  network!: AnyNetwork;
  @ApiProperty({ description: 'Lower-case 0x address' })
  contractAddress!: string;
  @ApiProperty()
  description!: string;
  @ApiProperty()
  website!: string;
  @ApiProperty()
  discord!: string;
  @ApiProperty()
  twitter!: string;
  @ApiProperty()
  telegram!: string;
  @ApiProperty()
  bannerUrl!: string;
  @ApiProperty()
  logoUrl!: string;
  @ApiProperty({ enum: SUBMISSION_STATUSES })
  status!: SubmissionStatus;
  @ApiProperty()
  totalVotes!: number;
  @ApiProperty()
  yesVotes!: number;
  @ApiProperty()
  noVotes!: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  votingEndsAt!: string | null;
  @ApiProperty({ format: 'date-time' })
  submittedAt!: string;
  @ApiProperty({ type: String, nullable: true })
  adminNotes!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  reviewedAt!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Admin' })
  reviewedBy!: string | null;
}

export class AdminCollectionSubmissionDto
  extends CollectionSubmissionDto
  implements AdminCollectionSubmission
{
  @ApiProperty()
  submitterEmail!: string;
  @ApiProperty()
  submitterContact!: string;
}

/** What a submission's creation and a vote on it both answer first: success, and which submission. */
export class SubmissionAnswerDto extends SuccessDto {
  @ApiProperty({ example: '1' })
  submissionId!: string;
}

export class SubmissionCreatedDto extends SubmissionAnswerDto implements SubmissionCreatedResponse {
  @ApiProperty({ type: CollectionSubmissionDto })
  submission!: CollectionSubmissionDto;
}

export class SubmissionStatsDto implements SubmissionStats {
  @ApiProperty()
  total!: number;
  @ApiProperty()
  pending!: number;
  @ApiProperty()
  voting!: number;
  @ApiProperty()
  approved!: number;
  @ApiProperty()
  rejected!: number;
}

export class SubmissionUpdatedDto extends SuccessDto implements SubmissionUpdatedResponse {
  @ApiProperty({ type: AdminCollectionSubmissionDto })
  submission!: AdminCollectionSubmissionDto;
  @ApiPropertyOptional({
    description:
      'Set when this update approved the submission: its whitelisted collection (new or already there)',
  })
  whitelistedCollectionId?: string;
}

export class SubmissionDeletedDto extends SuccessDto implements SubmissionDeletedResponse {}
