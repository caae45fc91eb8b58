import type { Opt } from '@mikro-orm/core';
import { Entity, Unique } from '@mikro-orm/decorators/legacy';
import { BUBBLE_COUNT, type AnyNetwork, type WhitelistedCollection } from '@nexus/contract';
import { CollectionProfileEntity, Column } from '../platform/database/index.js';

type AnimationSpeed = WhitelistedCollection['animationSpeed'];
type BubbleSize = WhitelistedCollection['bubbleSize'];
type AnimationDirection = WhitelistedCollection['animationDirection'];

/** A collection an administrator features on the home page (SPEC §3 whitelisted collection). */
@Entity({ tableName: 'whitelisted_collection' })
@Unique({ properties: ['network', 'contractAddress'] })
export class WhitelistedCollectionEntity extends CollectionProfileEntity {
  /** Lower-case 0x address, or a (case-sensitive) base58 address on Solana. */
  @Column.String(64)
  contractAddress!: string;

  @Column.Name()
  name!: string;

  /** SPEC §3: the admin form defaults to polygon. */
  @Column.Network()
  network: AnyNetwork & Opt = 'polygon';

  @Column.Boolean()
  isFeatured: boolean & Opt = false;

  @Column.Boolean()
  hasAnimatedBackground: boolean & Opt = false;

  @Column.Json()
  backgroundImageUrls: string[] & Opt = [];

  @Column.Integer()
  bubbleCount: number & Opt = BUBBLE_COUNT.default;

  @Column.String(8)
  animationSpeed: AnimationSpeed & Opt = 'medium';

  @Column.String(8)
  bubbleSize: BubbleSize & Opt = 'medium';

  @Column.String(8)
  animationDirection: AnimationDirection & Opt = 'all';
}
