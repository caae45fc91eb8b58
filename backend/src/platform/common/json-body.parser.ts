import express from 'express';
import { exceedsJsonDepth, JsonTooDeepError, verifyJsonDepth } from './json-depth.js';

/** A 50,000-token ranking request with its traits is about 20 MB of JSON. */
export const RARITY_BODY_LIMIT = '32mb';

/**
 * POST /api/calculate-rarity bodies up to this size (the web app's `{contractAddress, network}`, a
 * small token list) are parsed on the request thread; larger ones on the rarity thread.
 */
export const RARITY_INLINE_BYTES = 64 * 1024;

const CALCULATE_RARITY = /\/calculate-rarity\/?$/;

/** The `charset` parameter of a Content-Type, lower-cased, or null when it names none. */
function charsetOf(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType);
  return match ? match[1]!.toLowerCase() : null;
}

/** body-parser's own refusal of a charset (415), which the exception filter words for visitors. */
class UnsupportedCharsetError extends Error {
  readonly status = 415;
  readonly statusCode = 415;
  readonly expose = true;
  readonly type = 'charset.unsupported';

  constructor(readonly charset: string) {
    super(`unsupported charset "${charset.toUpperCase()}"`);
  }
}

/** body-parser's refusal of malformed JSON (400 'Malformed JSON body' from the exception filter). */
class MalformedJsonError extends Error {
  readonly status = 400;
  readonly statusCode = 400;
  readonly expose = true;
  readonly type = 'entity.parse.failed';
}

/**
 * The API's JSON body parser, one middleware: JSON bodies are UTF-8 (RFC 8259; another charset is
 * refused with 415 before a byte is read: the depth check reads UTF-8 bytes). POST
 * /api/calculate-rarity bodies may reach RARITY_BODY_LIMIT: one up to RARITY_INLINE_BYTES is parsed
 * here, a larger one is left as its bytes (a Buffer in `req.body`) for the rarity thread to check,
 * parse and rank off the request thread. Every other route keeps Express's 100 kB. The depth check
 * runs on the raw bytes, before parsing. JSON only: no route accepts form bodies.
 */
export function jsonBodyParser(): express.RequestHandler {
  const small = express.json({ verify: verifyJsonDepth });
  const rarity = express.raw({ type: 'application/json', limit: RARITY_BODY_LIMIT });
  return (req, res, next) => {
    const charset = charsetOf(req.headers['content-type']);
    if (charset !== null && charset !== 'utf-8' && charset !== 'utf8' && req.is('application/json')) {
      next(new UnsupportedCharsetError(charset));
      return;
    }
    if (req.method !== 'POST' || !CALCULATE_RARITY.test(req.path)) {
      small(req, res, next);
      return;
    }
    rarity(req, res, (error?: unknown) => {
      if (error || !Buffer.isBuffer(req.body) || req.body.length > RARITY_INLINE_BYTES) {
        next(error);
        return;
      }
      const bytes: Buffer = req.body;
      if (exceedsJsonDepth(bytes)) {
        next(new JsonTooDeepError());
        return;
      }
      try {
        // As express.json: an empty body reads as an empty object.
        req.body = bytes.length === 0 ? {} : JSON.parse(bytes.toString('utf8'));
      } catch {
        next(new MalformedJsonError('Malformed JSON body'));
        return;
      }
      next();
    });
  };
}
