import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files of the web app's build worth compressing (images and video are compressed already). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.map']);
/** Files smaller than this go as they are: the encoding's headers would eat the gain. */
const MIN_BYTES = 1024;
/** The build's files are few and small (about 0.7 MB of text): each is compressed once per version. */
const MAX_ENTRIES = 256;

type Encoding = 'br' | 'gzip';

/** A file compressed both ways, as of its modification time. */
interface Compressed {
  mtimeMs: number;
  bodies: Record<Encoding, Buffer>;
}

/**
 * Serves the web app's JavaScript and CSS compressed (brotli, else gzip) to a browser that takes it:
 * the entry script and its imports are about 600 kB as built and under 200 kB compressed, most of a
 * first visit's bytes on a phone. Each file is compressed once (on its first request, off the
 * request thread's critical work: zlib runs on the thread pool) and kept in memory while its
 * modification time is unchanged. Anything else, or a client that takes neither encoding, falls
 * through to the static file handler. `maxAgeS`: Cache-Control max-age, as the static handler's.
 */
export function compressedAssets(dist: string, maxAgeS: number): RequestHandler {
  const root = normalize(dist + sep);
  const cache = new Map<string, Promise<Compressed | null>>();

  const load = async (file: string): Promise<Compressed | null> => {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.size < MIN_BYTES) return null;
    const kept = cache.get(file);
    const current = kept ? await kept : null;
    if (current && current.mtimeMs === info.mtimeMs) return current;
    const pending = readFile(file).then(async (bytes) => ({
      mtimeMs: info.mtimeMs,
      bodies: {
        br: await brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzip: await gzipped(bytes, { level: 9 }),
      },
    }));
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(file, pending);
    return pending.catch(() => {
      cache.delete(file);
      return null;
    });
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.has(extname(req.path))) {
      next();
      return;
    }
    // Brotli whenever taken (browsers list it after gzip), else gzip.
    const encoding: Encoding | null =
      req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
    if (encoding === null) {
      next();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      next();
      return;
    }
    const file = normalize(join(root, path));
    if (!file.startsWith(root) || path.includes('\0') || /(^|\/)\./.test(path)) {
      next();
      return;
    }
    load(file).then(
      (entry) => {
        if (!entry) {
          next();
          return;
        }
        const body = entry.bodies[encoding];
        res.type(extname(file));
        res.setHeader('Content-Encoding', encoding);
        res.setHeader('Content-Length', body.length);
        res.setHeader('Cache-Control', `public, max-age=${maxAgeS}`);
        res.setHeader('Last-Modified', new Date(entry.mtimeMs).toUTCString());
        res.vary('Accept-Encoding');
        res.status(200);
        if (req.method === 'HEAD') res.end();
        else res.end(body);
      },
      () => next(),
    );
  };
}
