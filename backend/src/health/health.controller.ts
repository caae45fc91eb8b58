import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AdminOnlyInProduction } from '../admin-access/index.js';
import { SkipRateLimit } from '../platform/security/index.js';
import { HealthService } from './health.service.js';

/** Probed by load balancers, orchestrators and monitors: never rate limited. */
@SkipRateLimit()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * 200 when every dependency is up, chains included, 503 otherwise; the body says which (RPC URLs,
   * worker counts): the admin's in production, where load balancers use live and ready.
   */
  @Get()
  @HttpCode(200)
  @AdminOnlyInProduction()
  async get(@Res({ passthrough: true }) res: Response) {
    const report = await this.health.check();
    if (report.status !== 'ok') res.status(503);
    return report;
  }

  /**
   * Liveness: the process answers. Asks no dependency, so a database outage restarts nothing.
   * Public; in production it says only that.
   */
  @Get('live')
  @HttpCode(200)
  live() {
    return this.health.live();
  }

  /**
   * Readiness: 200 when PostgreSQL, Redis and the queues answer, 503 otherwise or while stopping.
   * Public; in production the body is the verdict alone, nothing internal.
   */
  @Get('ready')
  @HttpCode(200)
  async ready(@Res({ passthrough: true }) res: Response) {
    const report = await this.health.ready();
    if (report.status !== 'ready') res.status(503);
    return this.health.readyAnswer(report);
  }
}
