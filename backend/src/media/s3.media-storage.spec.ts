import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { S3MediaStorage } from './s3.media-storage.js';
import { describeMediaStorageContract } from './testing/media-storage.contract.js';

interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
}) => S3rverServer;

// s3rver ships without type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

describe(S3MediaStorage.name, () => {
  let directory: string;
  let server: S3rverServer;
  let endpoint: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'nexus-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  // The smallest part S3 allows, so that the contract's 12 MiB stream is a three-part upload.
  describeMediaStorageContract(
    () =>
      new S3MediaStorage({
        endpoint,
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
        bucket: 'nexus-media',
        partSize: 5 * 1024 * 1024,
      }),
  );

  it('creates its bucket on first write, also from two instances at once', async () => {
    const config = { endpoint, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket: 'fresh-bucket' };
    const [a, b] = [new S3MediaStorage(config), new S3MediaStorage(config)];
    await Promise.all([
      a.put('one.txt', Buffer.from('1'), 'text/plain'),
      b.put('two.txt', Buffer.from('2'), 'text/plain'),
    ]);
    await expect(a.exists('two.txt')).resolves.toBe(true);
  });

  it('answers null when the bucket does not exist yet', async () => {
    const sut = new S3MediaStorage({
      endpoint,
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      bucket: 'never-made',
    });
    await expect(sut.get('x.png')).resolves.toBeNull();
  });

  it('accepts an endpoint without a scheme and refuses a bad one', () => {
    expect(
      () => new S3MediaStorage({ endpoint: '127.0.0.1:9000', accessKey: 'a', secretKey: 'b', bucket: 'c' }),
    ).not.toThrow();
    expect(
      () => new S3MediaStorage({ endpoint: 'ftp://x', accessKey: 'a', secretKey: 'b', bucket: 'c' }),
    ).toThrow('S3 endpoint');
    expect(
      () =>
        new S3MediaStorage({
          endpoint: '127.0.0.1:9000',
          accessKey: 'a',
          secretKey: 'b',
          bucket: 'c',
          partSize: 1024,
        }),
    ).toThrow('part size');
  });
});
