export { AddressAnswersRepository } from './address-answers.repository.js';
export { AddressesModule } from './addresses.module.js';
export { AddressesService } from './addresses.service.js';
export { addressKind } from './address-kind.js';
export { PrimaryNamesService } from './primary-names.service.js';
