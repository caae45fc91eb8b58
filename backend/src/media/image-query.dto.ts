import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

import { MAX_IMAGE_SRC_LENGTH } from './image-proxy.service.js';

/** GET /api/media/image?src=… */
export class ImageQueryDto {
  @ApiProperty({
    description: 'The image: ipfs://, ar://, http(s):// or data:image',
    maxLength: MAX_IMAGE_SRC_LENGTH,
    example: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.png',
  })
  @IsString({ message: 'src must be one URI (ipfs://, ar://, http(s):// or data:image)' })
  @IsNotEmpty({ message: 'src is required' })
  @MaxLength(MAX_IMAGE_SRC_LENGTH, { message: `src must be at most ${MAX_IMAGE_SRC_LENGTH} characters` })
  src!: string;
}
