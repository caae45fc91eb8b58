import { S3MediaStorage } from './s3.media-storage.js';
import { describeMediaStorageContract } from './testing/media-storage.contract.js';
import { startS3rver, type RunningS3rver } from './testing/s3rver.fixture.js';

describe(S3MediaStorage.name, () => {
  let server: RunningS3rver;

  beforeAll(async () => {
    server = await startS3rver();
  });

  afterAll(async () => {
    await server.close();
  });

  // The smallest part S3 allows, so that the contract's 12 MiB stream is a three-part upload.
  describeMediaStorageContract(
    () => new S3MediaStorage({ ...server.config('nexus-media'), partSize: 5 * 1024 * 1024 }),
  );

  it('creates its bucket on first write, also from two instances at once', async () => {
    const config = server.config('fresh-bucket');
    const [a, b] = [new S3MediaStorage(config), new S3MediaStorage(config)];
    await Promise.all([
      a.put('one.txt', Buffer.from('1'), 'text/plain'),
      b.put('two.txt', Buffer.from('2'), 'text/plain'),
    ]);
    await expect(a.exists('two.txt')).resolves.toBe(true);
  });

  it('answers null when the bucket does not exist yet', async () => {
    const sut = new S3MediaStorage(server.config('never-made'));
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
