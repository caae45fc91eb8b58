export { GatewayMetadataResolver, type GatewayMetadataResolverOptions } from './gateway-metadata.resolver.js';
export { normalizeAttributes, normalizeMetadata } from './metadata.normalizer.js';
