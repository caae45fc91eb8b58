import type { Opt } from '@mikro-orm/core';
import { Entity, Property, Unique } from '@mikro-orm/decorators/legacy';
import { BUBBLE_COUNT, type AnyNetwork, type WhitelistedCollection } from '@nexus/contract';
import { CollectionProfileEntity } from '../platform/database/index.js';

type AnimationSpeed = WhitelistedCollection['animationSpeed'];
type BubbleSize = WhitelistedCollection['bubbleSize'];
type AnimationDirection = WhitelistedCollection['animationDirection'];

/** A collection an administrator features on the home page (SPEC §3 whitelisted collection). */
@Entity({ tableName: 'whitelisted_collection' })
@Unique({ properties: ['network', 'contractAddress'] })
export class WhitelistedCollectionEntity extends CollectionProfileEntity {
  /** Lower-case 0x address, or a (case-sensitive) base58 address on Solana. */
  @Property({ type: 'string', length: 64 })
  contractAddress!: string;

  @Property({ type: 'string', length: 200 })
  name!: string;

  /** SPEC §3: the admin form defaults to polygon. */
  @Property({ type: 'string', length: 32 })
  network: AnyNetwork & Opt = 'polygon';

  @Property({ type: 'boolean' })
  isFeatured: boolean & Opt = false;

  @Property({ type: 'boolean' })
  hasAnimatedBackground: boolean & Opt = false;

  @Property({ type: 'json' })
  backgroundImageUrls: string[] & Opt = [];

  @Property({ type: 'integer' })
  bubbleCount: number & Opt = BUBBLE_COUNT.default;

  @Property({ type: 'string', length: 8 })
  animationSpeed: AnimationSpeed & Opt = 'medium';

  @Property({ type: 'string', length: 8 })
  bubbleSize: BubbleSize & Opt = 'medium';

  @Property({ type: 'string', length: 8 })
  animationDirection: AnimationDirection & Opt = 'all';
}
