import { Body, Controller, Delete, Get, Param, Patch, Post, Res } from '@nestjs/common';
import type { WhitelistedCollection } from '@nexus/contract';
import type { Response } from 'express';
import { AdminOnly } from '../admin-access/index.js';
import {
  CreateWhitelistedCollectionDto,
  UpdateWhitelistedCollectionDto,
  WhitelistIdParams,
} from './whitelisted-collection.dto.js';
import { WhitelistService } from './whitelist.service.js';

@Controller('whitelisted-collections')
export class WhitelistController {
  constructor(private readonly whitelist: WhitelistService) {}

  /** SPEC §7: the list, featured first then by name; the cached JSON text is sent as it is. */
  @Get()
  async list(@Res() res: Response): Promise<void> {
    res.type('application/json').send(await this.whitelist.listJson());
  }

  @Post()
  @AdminOnly()
  create(@Body() body: CreateWhitelistedCollectionDto): Promise<WhitelistedCollection> {
    return this.whitelist.create(body);
  }

  @Patch(':id')
  @AdminOnly()
  update(
    @Param() { id }: WhitelistIdParams,
    @Body() body: UpdateWhitelistedCollectionDto,
  ): Promise<WhitelistedCollection> {
    return this.whitelist.update(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  remove(@Param() { id }: WhitelistIdParams): Promise<{ success: true }> {
    return this.whitelist.remove(id);
  }
}
