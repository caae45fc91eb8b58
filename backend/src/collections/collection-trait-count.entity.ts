import { Entity } from '@mikro-orm/decorators/legacy';
import { Column } from '../platform/database/index.js';

/**
 * One trait count of a stored collection (see collection-trait-counts.ts): `facet` an element of
 * the NFTs' `trait_facets`, or '' for the NFTs stored; `count` the NFTs carrying it.
 */
@Entity({ tableName: 'collection_trait_count' })
export class CollectionTraitCountEntity {
  @Column.Bigint({ primary: true }) collectionId!: string;
  @Column.Text({ primary: true }) facet!: string;
  @Column.Integer() count!: number;
}
