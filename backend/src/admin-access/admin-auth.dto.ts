import { IsString, MaxLength } from 'class-validator';
import type { AdminAuthenticateRequest } from '@nexus/contract';

/** POST /api/admin/authenticate body. */
export class AdminAuthenticateDto implements AdminAuthenticateRequest {
  @IsString({ message: 'password is required' })
  @MaxLength(1024, { message: 'password is too long' })
  password!: string;
}
