import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DonationEntry } from '@nexus/contract';
import { DonationEntryDto } from './donation.dto.js';
import { DonationsService } from './donations.service.js';

@ApiTags('donations')
@Controller('donations')
export class DonationsController {
  constructor(private readonly donations: DonationsService) {}

  @Get()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'Receiving addresses of the donations page, with explorer links' })
  @ApiOkResponse({ type: [DonationEntryDto] })
  list(): DonationEntry[] {
    return this.donations.list();
  }
}
