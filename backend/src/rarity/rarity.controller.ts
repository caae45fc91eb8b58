import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import type { CalculateRarityRequest } from '@nexus/contract';
import type { Response } from 'express';
import { RateLimit } from '../security/rate-limit.decorator.js';
import { CalculateRarityPipe } from './calculate-rarity.pipe.js';
import { RarityCalculationService } from './rarity-calculation.service.js';

@Controller()
export class RarityController {
  constructor(private readonly rarity: RarityCalculationService) {}

  /** SPEC §7: `{nfts: [{tokenId, rarityScore, rarityRank}]}` in rank order, plus method and cache source. */
  @Post('calculate-rarity')
  @HttpCode(200)
  @RateLimit('rarity')
  async calculate(
    @Body(CalculateRarityPipe) body: CalculateRarityRequest,
    @Res() res: Response,
  ): Promise<void> {
    const answer = await this.rarity.calculate(body);
    res.status(200).type('application/json').send(answer.body);
  }
}
