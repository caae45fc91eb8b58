import type { WhitelistedCollection } from '@nexus/contract';

/** A whitelisted collection with SPEC §3's defaults: not featured, no links, no animated background. */
export function testCollection(
  fields: Pick<WhitelistedCollection, 'id' | 'contractAddress' | 'name' | 'network'> &
    Partial<WhitelistedCollection>,
): WhitelistedCollection {
  return {
    description: '',
    logoUrl: '',
    bannerUrl: '',
    website: '',
    discord: '',
    twitter: '',
    telegram: '',
    isFeatured: false,
    hasAnimatedBackground: false,
    backgroundImageUrls: [],
    bubbleCount: 15,
    animationSpeed: 'medium',
    bubbleSize: 'medium',
    animationDirection: 'all',
    ...fields,
  };
}
