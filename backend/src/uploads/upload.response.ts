import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SubmissionUploadResponse, UploadResponse } from '@nexus/contract';
import { SuccessDto } from '../platform/answers/index.js';

/** POST /api/upload answer. */
export class UploadResponseDto extends SuccessDto implements UploadResponse {
  @ApiProperty({ description: 'Where the image is served', example: '/api/media/files/0b9d….png' })
  url!: string;
}

class SubmissionUploadFilesDto {
  @ApiPropertyOptional({ example: '/api/media/files/0b9d….png' })
  banner?: string;

  @ApiPropertyOptional({ example: '/api/media/files/5e1a….webp' })
  logo?: string;
}

/** POST /api/collection-submissions/upload answer: the URL of each image sent. */
export class SubmissionUploadResponseDto extends SuccessDto implements SubmissionUploadResponse {
  @ApiProperty({ type: SubmissionUploadFilesDto })
  files!: { banner?: string; logo?: string };
}
