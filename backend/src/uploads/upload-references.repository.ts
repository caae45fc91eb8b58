import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { executeBound } from '../platform/database/index.js';
import { UPLOAD_PREFIX } from '../media/index.js';

/**
 * Which uploads a saved record uses: a submission's banner or logo, a whitelisted collection's logo,
 * banner or background images (by URL, relative or absolute), a promo asset's file or the promo
 * bar's video (by storage key). Every place that keeps an upload is named here: an upload none of
 * them names is a stray, and the sweep removes it.
 */
const REFERENCED = `
select n.name
from unnest($1::text[]) as n(name)
where exists (
    select 1 from collection_submission s
    where strpos(s.banner_url, n.name) > 0 or strpos(s.logo_url, n.name) > 0
  )
  or exists (
    select 1 from whitelisted_collection w
    where strpos(w.logo_url, n.name) > 0
      or strpos(w.banner_url, n.name) > 0
      or strpos(w.background_image_urls::text, n.name) > 0
  )
  or exists (select 1 from promo_asset p where p.file_key = $2 || n.name)
  or exists (select 1 from promo_bar_settings b where b.video_key = $2 || n.name)
`;

/** Names per query: the sweep asks about every old upload, in batches of this many. */
const BATCH = 500;

@Injectable()
export class UploadReferencesRepository {
  constructor(private readonly em: EntityManager) {}

  /** The storage keys (`uploads/<uuid>.<ext>`) among `keys` that a saved record uses. */
  async referenced(keys: readonly string[]): Promise<Set<string>> {
    const prefix = `${UPLOAD_PREFIX}/`;
    const names = keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
    const found = new Set<string>();
    for (let at = 0; at < names.length; at += BATCH) {
      const rows = await executeBound<{ name: string }>(this.em, REFERENCED, [
        names.slice(at, at + BATCH),
        prefix,
      ]);
      for (const row of rows) found.add(`${prefix}${row.name}`);
    }
    return found;
  }
}
