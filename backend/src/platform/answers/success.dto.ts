import { ApiProperty } from '@nestjs/swagger';

// Answer shapes the domains share, for the OpenAPI document: apart from `common`, which the rarity
// thread loads, as these classes carry decorators (its TypeScript loader compiles them otherwise).

/** An answer that says it succeeded (`success: true`), as every changing route's does. */
export class SuccessDto {
  @ApiProperty({ enum: [true] })
  success!: true;
}
