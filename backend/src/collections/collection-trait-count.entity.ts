import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * One trait count of a stored collection (see collection-trait-counts.ts): `facet` an element of
 * the NFTs' `trait_facets`, or '' for the NFTs stored; `count` the NFTs carrying it.
 */
@Entity({ tableName: 'collection_trait_count' })
export class CollectionTraitCountEntity {
  @PrimaryKey({ type: 'bigint' })
  collectionId!: string;

  @PrimaryKey({ type: 'text' })
  facet!: string;

  @Property({ type: 'integer' })
  count!: number;
}
