import { Module } from '@nestjs/common';
import { AddressesModule } from '../addresses/index.js';
import { AdminAccessModule } from '../admin-access/index.js';
import { WhitelistModule } from '../whitelist/index.js';
import { AdminSubmissionsController } from './admin-submissions.controller.js';
import { SubmissionsController } from './submissions.controller.js';
import { SubmissionsRepository } from './submissions.repository.js';
import { SubmissionsService } from './submissions.service.js';
import { VoteKeyRepository } from './vote-key.repository.js';
import { VoterAddressHasher } from './voter-address.hasher.js';
import { VotesController } from './votes.controller.js';
import { VotesRepository } from './votes.repository.js';
import { VotesService } from './votes.service.js';

/** Community submissions, their votes, and their admin review (approval joins the whitelist). */
@Module({
  imports: [AdminAccessModule, WhitelistModule, AddressesModule],
  controllers: [SubmissionsController, VotesController, AdminSubmissionsController],
  providers: [
    SubmissionsService,
    SubmissionsRepository,
    VotesService,
    VotesRepository,
    VoterAddressHasher,
    VoteKeyRepository,
  ],
})
export class CommunityModule {}
