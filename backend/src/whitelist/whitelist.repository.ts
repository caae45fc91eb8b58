import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type {
  WhitelistedCollection,
  WhitelistedCollectionInput,
  WhitelistedCollectionPatch,
} from '@nexus/contract';
import { executeBound } from '../platform/database/index.js';
import { WhitelistedCollectionEntity } from './whitelisted-collection.entity.js';

/** What an approved community submission brings to the whitelist (never featured). */
export type WhitelistAddition = Pick<
  WhitelistedCollection,
  | 'contractAddress'
  | 'name'
  | 'network'
  | 'description'
  | 'bannerUrl'
  | 'logoUrl'
  | 'website'
  | 'discord'
  | 'twitter'
  | 'telegram'
>;

/** The same contract on the same network is already whitelisted. */
export class DuplicateWhitelistEntryError extends Error {}

/** Any number: taken by the seeding transaction so two API nodes starting together seed once. */
const SEED_LOCK = 0x6e657875; // "nexu"

/** PostgreSQL access for whitelisted collections. */
@Injectable()
export class WhitelistRepository {
  constructor(private readonly em: EntityManager) {}

  async findAll(): Promise<WhitelistedCollectionEntity[]> {
    return this.em.fork().find(WhitelistedCollectionEntity, {}, { orderBy: { id: 'asc' } });
  }

  async create(input: WhitelistedCollectionInput): Promise<WhitelistedCollectionEntity> {
    const em = this.em.fork();
    const entity = em.create(WhitelistedCollectionEntity, input);
    await this.flush(em);
    return entity;
  }

  /** Null when there is no such row. */
  async update(id: string, patch: WhitelistedCollectionPatch): Promise<WhitelistedCollectionEntity | null> {
    const em = this.em.fork();
    const entity = await em.findOne(WhitelistedCollectionEntity, { id });
    if (!entity) return null;
    em.assign(entity, patch);
    await this.flush(em);
    return entity;
  }

  /** False when there was no such row. */
  async delete(id: string): Promise<boolean> {
    return (await this.em.fork().nativeDelete(WhitelistedCollectionEntity, { id })) > 0;
  }

  /**
   * Whitelists a collection inside the caller's transaction `em`, unless that contract is already
   * whitelisted on that network: the existing entry is kept. Answers the entry's id.
   */
  async addIfAbsent(em: EntityManager, c: WhitelistAddition): Promise<{ id: string; created: boolean }> {
    const address = c.contractAddress.toLowerCase();
    const [inserted] = await executeBound<{ id: string }>(
      em,
      `insert into whitelisted_collection
         (created_at, updated_at, contract_address, name, network, description, banner_url, logo_url,
          website, discord, twitter, telegram)
       values (now(), now(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (network, contract_address) do nothing
       returning id::text as id`,
      [
        address,
        c.name,
        c.network,
        c.description,
        c.bannerUrl,
        c.logoUrl,
        c.website,
        c.discord,
        c.twitter,
        c.telegram,
      ],
    );
    if (inserted) return { id: inserted.id, created: true };
    // A statement after the conflict sees the row that won it (read committed).
    const [existing] = await executeBound<{ id: string }>(
      em,
      `select id::text as id from whitelisted_collection where network = $1 and contract_address = $2`,
      [c.network, address],
    );
    return { id: existing!.id, created: false };
  }

  /** Inserts the rows only when the table is empty; answers how many were inserted. */
  async seedIfEmpty(rows: WhitelistedCollectionInput[]): Promise<number> {
    if (rows.length === 0) return 0;
    return this.em.fork().transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
      if ((await em.count(WhitelistedCollectionEntity, {})) > 0) return 0;
      for (const row of rows) em.create(WhitelistedCollectionEntity, row);
      await em.flush();
      return rows.length;
    });
  }

  private async flush(em: EntityManager): Promise<void> {
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DuplicateWhitelistEntryError();
      throw error;
    }
  }
}
