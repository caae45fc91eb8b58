import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RARITY_BYTES_PER_POINT } from '@nexus/contract';
import type { Request, Response } from 'express';
import { TooManyRequestsException } from '../platform/common/index.js';
import {
  FloodGate,
  RateLimit,
  RateLimiterService,
  requestClientKey,
  retryAfterSeconds,
  setRateLimitHeaders,
  SuspiciousIpService,
} from '../platform/security/index.js';
import { CalculateRarityPipe } from './calculate-rarity.pipe.js';
import { RarityCalculationService } from './rarity-calculation.service.js';

@Controller()
export class RarityController {
  constructor(
    private readonly rarity: RarityCalculationService,
    private readonly pipe: CalculateRarityPipe,
    private readonly limits: RateLimiterService,
    private readonly suspicious: SuspiciousIpService,
    private readonly gate: FloodGate,
  ) {}

  /**
   * SPEC §7: `{nfts: [{tokenId, rarityScore, rarityRank}]}` in rank order, plus method and cache
   * source; `{contractAddress, network}` alone ranks the stored collection. A body counts against the
   * `rarity` limit once per request (the guard) and once more per RARITY_BYTES_PER_POINT; a large one
   * is read and ranked on the rarity thread (the JSON body parser leaves it as bytes).
   */
  @Post('calculate-rarity')
  @HttpCode(200)
  @RateLimit('rarity', "when the body's size (one more request per 512 KiB) takes the client over it")
  async calculate(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body: unknown = req.body;
    const answer = Buffer.isBuffer(body)
      ? await this.chargeSize(req, res, body.length).then(() =>
          this.rarity.calculateBytes(body, (fields, problem) => this.pipe.check(fields, problem)),
        )
      : await this.rarity.calculate(await this.pipe.check(body));
    res.status(200).type('application/json').send(answer.body);
  }

  /** The body's size beyond its first RARITY_BYTES_PER_POINT, counted as further requests (the guard counted one). */
  private async chargeSize(req: Request, res: Response, bytes: number): Promise<void> {
    const extra = Math.floor(bytes / RARITY_BYTES_PER_POINT);
    if (extra === 0) return;
    const key = requestClientKey(req);
    const verdict = await this.limits.consume('rarity', key, extra);
    setRateLimitHeaders(res, verdict, this.limits.rule('rarity').durationS);
    if (verdict.allowed) return;
    if (verdict.firstBreach) await this.suspicious.recordRateLimitBreach(key);
    // Further bodies of this client are refused before they are read, until its window ends.
    this.gate.learn(req.method, req.path, 'rarity');
    throw new TooManyRequestsException(retryAfterSeconds(verdict));
  }
}
