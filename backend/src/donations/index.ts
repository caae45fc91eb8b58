export { DonationsModule } from './donations.module.js';
