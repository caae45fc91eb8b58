import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/index.js';
import { AddressAnswersRepository } from './address-answers.repository.js';
import { AddressesController } from './addresses.controller.js';
import { AddressesService } from './addresses.service.js';
import { EnsProfileService } from './ens-profile.service.js';
import {
  DEFAULT_PRIMARY_NAMES_LIMITS,
  PRIMARY_NAMES_LIMITS,
  PrimaryNamesService,
} from './primary-names.service.js';

@Module({
  imports: [ChainModule],
  controllers: [AddressesController],
  providers: [
    AddressesService,
    AddressAnswersRepository,
    EnsProfileService,
    PrimaryNamesService,
    { provide: PRIMARY_NAMES_LIMITS, useValue: DEFAULT_PRIMARY_NAMES_LIMITS },
  ],
  exports: [AddressesService, AddressAnswersRepository, PrimaryNamesService],
})
export class AddressesModule {}
