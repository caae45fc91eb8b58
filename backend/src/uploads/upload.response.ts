import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { SubmissionUploadResponse, UploadResponse } from '@nexus/contract';

/** POST /api/upload answer. */
export class UploadResponseDto implements UploadResponse {
  @ApiProperty({ enum: [true] })
  success!: true;

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
export class SubmissionUploadResponseDto implements SubmissionUploadResponse {
  @ApiProperty({ enum: [true] })
  success!: true;

  @ApiProperty({ type: SubmissionUploadFilesDto })
  files!: { banner?: string; logo?: string };
}
