import { pipeline } from 'node:stream/promises';

import {
  BadGatewayException,
  BadRequestException,
  Controller,
  Get,
  Headers,
  HttpException,
  Inject,
  Logger,
  NotFoundException,
  Param,
  Query,
  Res,
  UnprocessableEntityException,
  ValidationPipe,
} from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import type { Response } from 'express';

import { RateLimit } from '../platform/security/index.js';
import {
  ImageProxyError,
  ImageProxyService,
  type ImageFailure,
  type ProxiedImage,
} from './image-proxy.service.js';
import { ImageQueryDto } from './image-query.dto.js';
import { UPLOAD_NAME, UPLOAD_PREFIX } from './media-upload.service.js';
import { type ByteRange, MEDIA_STORAGE, type MediaObject, type MediaStorage } from './media.storage.js';

const LONG_CACHE = 'public, max-age=31536000, immutable';
// Served media is untrusted: an SVG opened directly must not run script or load anything.
const MEDIA_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

// One message per answer: the most basic failure first ("required" before "too long").
const CONSTRAINT_PRIORITY = ['isNotEmpty', 'isDefined', 'isString'];

function firstMessage(errors: ValidationError[]): string {
  const constraints = errors[0]?.constraints ?? {};
  const key = CONSTRAINT_PRIORITY.find((name) => name in constraints) ?? Object.keys(constraints)[0];
  return (key && constraints[key]) || 'invalid query';
}

const queryPipe = new ValidationPipe({
  transform: true,
  exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
});

/** The answer to each image failure; any other is the source's fault (502). */
const FAILURE_STATUS: Partial<Record<ImageFailure, new (message: string) => HttpException>> = {
  'invalid-source': BadRequestException,
  'not-found': NotFoundException,
  'too-many-pixels': UnprocessableEntityException,
};

function toHttpException(error: unknown): HttpException {
  if (!(error instanceof ImageProxyError)) return new BadGatewayException('The image could not be loaded');
  return new (FAILURE_STATUS[error.failure] ?? BadGatewayException)(error.message);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** A single `bytes=` range; null to answer the whole object, 'unsatisfiable' for 416. */
function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, from = '', to = ''] = match;
  const range =
    from === ''
      ? { start: Math.max(0, size - Number(to)), end: size - 1 }
      : { start: Number(from), end: to === '' ? size - 1 : Math.min(Number(to), size - 1) };
  if ((from === '' && Number(to) === 0) || range.start >= size || range.start > range.end)
    return 'unsatisfiable';
  return range;
}

/** A gallery page shows up to 50 images: media has its own, larger budget. */
@RateLimit('media')
@Controller('media')
export class MediaController {
  private readonly logger = new Logger(MediaController.name);

  constructor(
    private readonly images: ImageProxyService,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  /** An NFT image fetched (once) from its ipfs/ar/http(s) source, or decoded from a data: URI. */
  @Get('image')
  async image(
    @Query(queryPipe) query: ImageQueryDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    let image: ProxiedImage;
    try {
      image = await this.images.getImage(query.src);
    } catch (error) {
      throw toHttpException(error);
    }
    response.set({
      'Content-Type': image.contentType,
      'Cache-Control': LONG_CACHE,
      ETag: image.etag,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': MEDIA_CSP,
    });
    if (matchesEtag(ifNoneMatch, image.etag)) {
      if (!Buffer.isBuffer(image.body)) image.body.destroy();
      response.status(304).end();
      return;
    }
    response.status(200).set('Content-Length', String(image.size));
    await this.send(response, image.body);
  }

  /** A file stored by MediaUploadService (logos, banners, promo media), with byte ranges for video. */
  @Get('files/:name')
  async file(
    @Param('name') name: string,
    @Headers('range') rangeHeader: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    if (!UPLOAD_NAME.test(name)) throw new NotFoundException('No such file');
    const key = `${UPLOAD_PREFIX}/${name}`;
    const info = await this.storage.stat(key);
    if (!info) throw new NotFoundException('No such file');
    const range = parseRange(rangeHeader, info.size);
    if (range === 'unsatisfiable') {
      response.status(416).set('Content-Range', `bytes */${info.size}`).end();
      return;
    }
    const object: MediaObject | null = await this.storage.get(key, range ?? undefined);
    if (!object) throw new NotFoundException('No such file');
    response.set({
      'Content-Type': object.contentType,
      'Cache-Control': LONG_CACHE,
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': MEDIA_CSP,
    });
    if (range) {
      response.status(206).set({
        'Content-Range': `bytes ${range.start}-${range.end}/${object.size}`,
        'Content-Length': String(range.end - range.start + 1),
      });
    } else {
      response.status(200).set('Content-Length', String(object.size));
    }
    await this.send(response, object.body);
  }

  private async send(response: Response, body: ProxiedImage['body']): Promise<void> {
    if (Buffer.isBuffer(body)) {
      response.end(body);
      return;
    }
    try {
      await pipeline(body, response);
    } catch (error) {
      // The client went away or storage failed mid-stream: the status is already sent.
      this.logger.debug(`media stream ended early: ${String(error)}`);
    }
  }
}
