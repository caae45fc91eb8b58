import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/index.js';
import { AddressAnswersRepository } from './address-answers.repository.js';
import { AddressesController } from './addresses.controller.js';
import { AddressesService } from './addresses.service.js';
import { EnsProfileService } from './ens-profile.service.js';

@Module({
  imports: [ChainModule],
  controllers: [AddressesController],
  providers: [AddressesService, AddressAnswersRepository, EnsProfileService],
  exports: [AddressesService, AddressAnswersRepository],
})
export class AddressesModule {}
