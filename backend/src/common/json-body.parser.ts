import express from 'express';
import { verifyJsonDepth } from './json-depth.js';

/** A 50,000-token ranking request with its traits is about 20 MB of JSON. */
export const RARITY_BODY_LIMIT = '32mb';

const CALCULATE_RARITY = /\/calculate-rarity\/?$/;

/**
 * The API's JSON body parser, one middleware: POST /api/calculate-rarity bodies may reach
 * RARITY_BODY_LIMIT, every other route keeps Express's 100 kB. The depth check runs on the raw
 * bytes, before parsing. JSON only: no route accepts form bodies.
 */
export function jsonBodyParser(): express.RequestHandler {
  const small = express.json({ verify: verifyJsonDepth });
  const rarity = express.json({ limit: RARITY_BODY_LIMIT, verify: verifyJsonDepth });
  return (req, res, next) => {
    if (req.method === 'POST' && CALCULATE_RARITY.test(req.path)) rarity(req, res, next);
    else small(req, res, next);
  };
}
