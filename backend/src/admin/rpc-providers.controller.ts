import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RpcProvidersResponse } from '@nexus/contract';
import { AdminOnly } from '../admin-access/index.js';
import { RpcProvidersReport } from '../chain/index.js';

/** Each network's JSON-RPC nodes for the security dashboard: health, counters, learnt limits. */
@ApiTags('admin')
@Controller('admin')
@AdminOnly()
export class RpcProvidersController {
  constructor(private readonly report: RpcProvidersReport) {}

  @Get('rpc-providers')
  @ApiOperation({
    summary: "Each network's JSON-RPC nodes: health, requests, errors, throttling, latency, learnt limits",
  })
  providers(): Promise<RpcProvidersResponse> {
    return this.report.read();
  }
}
