import { Module } from '@nestjs/common';
import { AdminAccessModule } from '../admin-access/index.js';
import { WhitelistCacheRepository } from './whitelist-cache.repository.js';
import { WhitelistController } from './whitelist.controller.js';
import { WhitelistRepository } from './whitelist.repository.js';
import { WhitelistSeeder } from './whitelist.seeder.js';
import { WhitelistService } from './whitelist.service.js';

/** Whitelisted collections: the public list, admin changes, demo seeding at start. */
@Module({
  imports: [AdminAccessModule],
  controllers: [WhitelistController],
  providers: [WhitelistService, WhitelistRepository, WhitelistCacheRepository, WhitelistSeeder],
  exports: [WhitelistCacheRepository, WhitelistRepository, WhitelistService],
})
export class WhitelistModule {}
