import type { AnyNetwork } from './networks.js';

export interface WhitelistedCollection {
  id: string;
  contractAddress: string;
  name: string;
  network: AnyNetwork;
  description: string;
  logoUrl: string;
  bannerUrl: string;
  website: string;
  discord: string;
  twitter: string;
  telegram: string;
  isFeatured: boolean;
  hasAnimatedBackground: boolean;
  backgroundImageUrls: string[];
  bubbleCount: number;
  animationSpeed: (typeof ANIMATION_SPEEDS)[number];
  bubbleSize: (typeof BUBBLE_SIZES)[number];
  animationDirection: (typeof ANIMATION_DIRECTIONS)[number];
}

/** Choices of the admin collection form (SPEC §3) and the bubble count bounds (SPEC §9). */
export const ANIMATION_SPEEDS = ['slow', 'medium', 'fast'] as const;
export const BUBBLE_SIZES = ['small', 'medium', 'large'] as const;
export const ANIMATION_DIRECTIONS = ['all', 'up', 'down', 'left', 'right'] as const;
export const BUBBLE_COUNT = { min: 5, max: 50, default: 15 } as const;

/**
 * SPEC §3: what a whitelisted collection has unless given: no description, images or links, not
 * featured, no animated background (15 bubbles, medium speed and size, all directions).
 */
export const WHITELIST_DEFAULTS: Omit<WhitelistedCollection, 'id' | 'contractAddress' | 'name' | 'network'> =
  {
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
    bubbleCount: BUBBLE_COUNT.default,
    animationSpeed: 'medium',
    bubbleSize: 'medium',
    animationDirection: 'all',
  };

/** POST /api/whitelisted-collections body: contractAddress and name required, the rest defaulted. */
export type WhitelistedCollectionInput = Pick<WhitelistedCollection, 'contractAddress' | 'name'> &
  Partial<Omit<WhitelistedCollection, 'id' | 'contractAddress' | 'name'>>;

/** PATCH /api/whitelisted-collections/{id} body: only the fields that change. */
export type WhitelistedCollectionPatch = Partial<Omit<WhitelistedCollection, 'id'>>;
