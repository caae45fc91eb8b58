import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { DetectNetworkResponse, LocateCollectionResponse } from '@nexus/contract';
import { RateLimit } from '../security/rate-limit.decorator.js';
import { AddressDto } from './address.dto.js';
import { AddressesService } from './addresses.service.js';

@Controller()
export class AddressesController {
  constructor(private readonly addresses: AddressesService) {}

  @Post('validate-address')
  @HttpCode(200)
  validate(@Body() body: AddressDto) {
    return this.addresses.validate(body.address);
  }

  /** Chain calls per unknown address: cached by address, and the stricter `detect` budget. */
  @Post('detect-network')
  @HttpCode(200)
  @RateLimit('detect')
  async detect(@Body() body: AddressDto): Promise<DetectNetworkResponse> {
    return { network: await this.addresses.detectNetwork(body.address) };
  }

  /** Where a contract is an NFT collection (the search and the scanner tell a visitor where to look). */
  @Post('locate-collection')
  @HttpCode(200)
  @RateLimit('detect')
  locate(@Body() body: AddressDto): Promise<LocateCollectionResponse> {
    return this.addresses.locateCollection(body.address);
  }
}
