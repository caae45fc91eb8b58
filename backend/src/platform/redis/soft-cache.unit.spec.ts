import { Logger } from '@nestjs/common';
import { SoftCache } from './soft-cache.js';

describe(SoftCache.name, () => {
  let sut: SoftCache;

  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(() => {
    sut = new SoftCache({ cacheReadTimeoutMs: 20 });
  });

  it('answers what the cache answers', async () => {
    await expect(sut.read('a value', async () => 'cached', null)).resolves.toBe('cached');
  });

  it('answers a miss when the cache fails', async () => {
    const read = sut.read('a value', () => Promise.reject(new Error("Stream isn't writeable")), null);

    await expect(read).resolves.toBeNull();
  });

  it('answers a miss when the cache does not answer within its budget', async () => {
    // A Redis that never answers: only the budget can end the wait.
    const read = sut.read('a value', () => new Promise<string>(() => undefined), null);

    await expect(read).resolves.toBeNull();
  });

  it('tells whether a write was made, without throwing', async () => {
    await expect(sut.write('a value', async () => 'OK')).resolves.toBe(true);
    await expect(sut.write('a value', () => Promise.reject(new Error('Command timed out')))).resolves.toBe(
      false,
    );
  });
});
