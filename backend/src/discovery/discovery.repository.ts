import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DiscoveredCollection } from '@nexus/contract';

interface Row {
  name: string;
  contract_address: string;
  network: string;
  image_url: string | null;
  description: string | null;
  verified: boolean;
  rank: number;
}

/**
 * Collections by name or address across the whitelist, every collection Nexus has read and every
 * contract the transfer index has seen and named.
 */
@Injectable()
export class DiscoveryRepository {
  constructor(private readonly em: EntityManager) {}

  async search(query: string, limit: number): Promise<DiscoveredCollection[]> {
    const needle = query.toLowerCase();
    const like = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const prefix = `${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // One row per (network, address): the whitelist's entry wins (verified), then the collection
    // Nexus has read, then the contract the transfer index has seen (named, never scanned).
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<Row[]>(
        `select distinct on (network, contract_address) name, contract_address, network, image_url, description, verified, rank
         from (
           select w.name, lower(w.contract_address) as contract_address, w.network, nullif(w.logo_url, '') as image_url,
                  w.description, true as verified, 0 as source,
                  case when lower(w.name) = ? or lower(w.contract_address) = ? then 0
                       when lower(w.name) like ? then 1 else 2 end as rank
             from whitelisted_collection w
            where lower(w.name) like ? or lower(w.contract_address) like ?
           union all
           select c.name, c.address, c.network, c.image_url, c.description, false, 1,
                  case when lower(c.name) = ? or c.address = ? then 0
                       when lower(c.name) like ? then 1 else 2 end
             from collection c
            where c.name <> '' and (lower(c.name) like ? or c.address like ?)
           union all
           select i.name, i.address, i.network, null, '', false, 2,
                  case when lower(i.name) = ? or i.address = ? then 0
                       when lower(i.name) like ? then 1 else 2 end
             from indexed_contract i
            where i.name <> '' and (lower(i.name) like ? or i.address like ?)
         ) found
        order by network, contract_address, source`,
        [
          ...[needle, needle, prefix, like, like],
          ...[needle, needle, prefix, like, like],
          ...[needle, needle, prefix, like, like],
        ],
      );
    return rows
      .sort(
        (a, b) => Number(b.verified) - Number(a.verified) || a.rank - b.rank || a.name.localeCompare(b.name),
      )
      .slice(0, limit)
      .map((r) => ({
        name: r.name,
        contractAddress: r.contract_address,
        network: r.network,
        imageUrl: r.image_url ?? '',
        description: r.description ?? '',
        verified: r.verified,
      }));
  }
}
