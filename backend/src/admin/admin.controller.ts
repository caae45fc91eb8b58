import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CacheStats, ClearCacheResponse } from '@nexus/contract';
import { AdminCacheService } from './admin-cache.service.js';
import { AdminOnly } from './admin.guard.js';

@ApiTags('admin')
@Controller('admin')
@AdminOnly()
export class AdminController {
  constructor(private readonly cache: AdminCacheService) {}

  @Get('cache-stats')
  cacheStats(): Promise<CacheStats> {
    return this.cache.stats();
  }

  @Post('clear-cache')
  @HttpCode(200)
  clearCache(): Promise<ClearCacheResponse> {
    return this.cache.clear();
  }
}
