import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { CacheStats, ClearCacheResponse } from '@nexus/contract';
import { AdminCacheService } from './admin-cache.service.js';
import { AdminGuard } from '../admin-access/index.js';

@Controller('admin')
@UseGuards(AdminGuard)
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
