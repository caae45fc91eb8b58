import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { Response } from 'express';
import { SkipRateLimit } from '../security/rate-limit.decorator.js';
import { HealthService } from './health.service.js';

/** Probed by load balancers and monitors: never rate limited. */
@SkipRateLimit()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 when every dependency is up, 503 otherwise; the body says which. */
  @Get()
  @HttpCode(200)
  async get(@Res({ passthrough: true }) res: Response) {
    const report = await this.health.check();
    if (report.status !== 'ok') res.status(503);
    return report;
  }
}
