import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RateLimit, requestClientKey } from '../platform/security/index.js';
import { NftsRequestDto } from './nfts-request.dto.js';
import { ScansService } from './scans.service.js';

/** `Accept-Encoding` values seen (browsers send a handful), each with whether it takes deflate. */
const takesDeflate = new Map<string, boolean>();
const TAKES_DEFLATE_MAX = 64;

/** Whether the client accepts `Content-Encoding: deflate` (rather than identity), q-values included. */
function acceptsDeflate(req: Request): boolean {
  const header = req.headers['accept-encoding'];
  if (header === undefined || header === '') return false;
  let answer = takesDeflate.get(header);
  if (answer === undefined) {
    answer = req.acceptsEncodings('deflate', 'identity') === 'deflate';
    if (takesDeflate.size >= TAKES_DEFLATE_MAX) takesDeflate.clear();
    takesDeflate.set(header, answer);
  }
  return answer;
}

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
    const answer = await this.scans.getNfts(body, requestClientKey(req));
    const deflated = answer.deflated && acceptsDeflate(req) ? answer.deflated() : null;
    const chunks = deflated ?? answer.body;
    let length = 0;
    for (const chunk of chunks) length += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    res.statusCode = answer.status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', length);
    if (res.getHeader('Vary') === undefined) res.setHeader('Vary', 'Accept-Encoding');
    else res.vary('Accept-Encoding');
    if (deflated) res.setHeader('Content-Encoding', 'deflate');
    // Head, list and tail leave in one write (one system call) rather than one each.
    res.cork();
    for (let i = 0; i < chunks.length - 1; i++) res.write(chunks[i]);
    res.end(chunks.at(-1));
    res.uncork();
  }
}
