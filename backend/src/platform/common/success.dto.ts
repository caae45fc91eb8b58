import { ApiProperty } from '@nestjs/swagger';

/** An answer that says it succeeded (`success: true`), as every changing route's does. */
export class SuccessDto {
  @ApiProperty({ enum: [true] })
  success!: true;
}
