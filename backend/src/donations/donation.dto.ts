import { ApiProperty } from '@nestjs/swagger';
import type { DonationEntry, DonationNetwork } from '@nexus/contract';

export class DonationNetworkDto implements DonationNetwork {
  @ApiProperty({ example: 'Polygon' })
  name!: string;

  @ApiProperty({ example: 'POL' })
  symbol!: string;

  @ApiProperty({
    description: 'Explorer page of the address on this network',
    example: 'https://polygonscan.com/address/0x60639bdD12cb7dC465b9100D8AEC9f0FBA09D734',
  })
  explorer!: string;
}

export class DonationEntryDto implements DonationEntry {
  @ApiProperty({ example: 'EVM Networks' })
  title!: string;

  @ApiProperty({ description: 'Receiving address', example: '0x60639bdD12cb7dC465b9100D8AEC9f0FBA09D734' })
  address!: string;

  @ApiProperty({ type: [DonationNetworkDto] })
  networks!: DonationNetworkDto[];
}
