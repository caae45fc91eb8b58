import type { Opt } from '@mikro-orm/core';
import { Property } from '@mikro-orm/decorators/legacy';
import { BaseEntity } from './base.entity.js';

/**
 * A collection's public profile (SPEC §3): its description, images and links, the same on a
 * visitor's submission and on a whitelisted collection.
 */
export abstract class CollectionProfileEntity extends BaseEntity {
  @Property({ type: 'text' })
  description: string & Opt = '';

  @Property({ type: 'text' })
  logoUrl: string & Opt = '';

  @Property({ type: 'text' })
  bannerUrl: string & Opt = '';

  @Property({ type: 'text' })
  website: string & Opt = '';

  @Property({ type: 'text' })
  discord: string & Opt = '';

  @Property({ type: 'text' })
  twitter: string & Opt = '';

  @Property({ type: 'text' })
  telegram: string & Opt = '';
}
