import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from './base.entity.js';
import { Column } from './columns.js';

/**
 * A collection's public profile (SPEC §3): its description, images and links, the same on a
 * visitor's submission and on a whitelisted collection.
 */
export abstract class CollectionProfileEntity extends BaseEntity {
  @Column.Text() description: string & Opt = '';
  @Column.Text() logoUrl: string & Opt = '';
  @Column.Text() bannerUrl: string & Opt = '';
  @Column.Text() website: string & Opt = '';
  @Column.Text() discord: string & Opt = '';
  @Column.Text() twitter: string & Opt = '';
  @Column.Text() telegram: string & Opt = '';
}
