import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { EVM_ADDRESS_PATTERN } from '@nexus/contract';

export class AddressDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'address must be a string' })
  @IsNotEmpty({ message: 'Please enter a wallet address or ENS name' })
  @MaxLength(255, { message: 'address is too long' })
  address!: string;
}

/** `/api/wallet-profile/:address` */
export class WalletParamsDto {
  @ApiProperty({ pattern: EVM_ADDRESS_PATTERN.source, example: '0x' + 'a1'.repeat(20) })
  @Matches(EVM_ADDRESS_PATTERN, { message: 'address must be 0x followed by 40 hex characters' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  address!: string;
}
