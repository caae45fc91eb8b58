/** Deeper JSON is refused before parsing and validation (validation recurses once per level). */
export const MAX_JSON_DEPTH = 32;

export class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.too.deep';

  constructor() {
    super(`JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

/** True when arrays and objects nest deeper than `max` (brackets inside strings do not count). */
export function exceedsJsonDepth(body: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** body-parser's `verify` hook: runs on the raw bytes, before JSON.parse. */
export function verifyJsonDepth(_req: unknown, _res: unknown, body: Uint8Array): void {
  if (exceedsJsonDepth(body)) throw new JsonTooDeepError();
}
