import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { DetectNetworkResponse, LocateCollectionResponse, WalletProfileResponse } from '@nexus/contract';
import { RateLimit } from '../platform/security/index.js';
import { AddressDto, WalletParamsDto } from './address.dto.js';
import { AddressesService } from './addresses.service.js';
import { EnsProfileService } from './ens-profile.service.js';

@Controller()
export class AddressesController {
  constructor(
    private readonly addresses: AddressesService,
    private readonly profiles: EnsProfileService,
  ) {}

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

  /** The wallet header's primary ENS name and avatar: chain and gateway calls, cached by address. */
  @Get('wallet-profile/:address')
  @RateLimit('detect')
  profile(@Param() params: WalletParamsDto): Promise<WalletProfileResponse> {
    return this.profiles.profile(params.address);
  }
}
