import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import express from 'express';
import { verifyJsonDepth } from '../common/json-depth.js';

/** A 50,000-token ranking request with its traits is about 20 MB of JSON. */
export const RARITY_BODY_LIMIT = '32mb';

const CALCULATE_RARITY = /\/calculate-rarity\/?$/;

/**
 * Lets POST /api/calculate-rarity bodies exceed the 100 kB of Nest's JSON parser, for that route only.
 * Nest mounts its parser when the application initialises, before any module middleware, so this
 * one is mounted earlier: on the HTTP adapter, while the modules are created. A body it parsed is
 * marked as parsed, and the global parser passes it on.
 */
@Injectable()
export class RarityBodyParser {
  constructor(host: HttpAdapterHost) {
    const adapter = host.httpAdapter;
    // Workers run without HTTP.
    if (!adapter) return;
    const parse = express.json({ limit: RARITY_BODY_LIMIT, verify: verifyJsonDepth });
    adapter.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (req.method === 'POST' && CALCULATE_RARITY.test(req.path)) parse(req, res, next);
      else next();
    });
  }
}
