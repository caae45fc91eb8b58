export { PromoModule } from './promo.module.js';
export { PromoAssetEntity } from './promo-asset.entity.js';
export { PromoBarSettingsEntity } from './promo-bar-settings.entity.js';
