import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { clientKey } from '../security/client-address.js';
import { RateLimit } from '../security/rate-limit.decorator.js';
import { NftsRequestDto } from './nfts-request.dto.js';
import { ScansService } from './scans.service.js';

@Controller('nfts')
export class ScansController {
  constructor(private readonly scans: ScansService) {}

  /**
   * 200 with the NFTs, or 202 `{pending: true, scanKey}` when the scan outlives the wait (docs/API.md).
   * A cached answer goes compressed to a client that accepts deflate: compressed once when cached.
   */
  @Post()
  @RateLimit(
    'scan',
    "over the 'fresh' budget of scans that start work (a cache miss or forceRefresh), or with SCAN_QUEUE_PER_CLIENT scans of the client still queued or running; 503 with Retry-After when SCAN_QUEUE_TOTAL scans are queued",
  )
  async nfts(@Body() body: NftsRequestDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const answer = await this.scans.getNfts(body, clientKey(req.ip));
    const deflated =
      answer.deflated && req.acceptsEncodings('deflate', 'identity') === 'deflate' ? answer.deflated() : null;
    const chunks = deflated ?? answer.body;
    const length = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
    res.status(answer.status).type('application/json').setHeader('Content-Length', length);
    res.vary('Accept-Encoding');
    if (deflated) res.setHeader('Content-Encoding', 'deflate');
    for (const chunk of chunks.slice(0, -1)) res.write(chunk);
    res.end(chunks.at(-1));
  }
}
