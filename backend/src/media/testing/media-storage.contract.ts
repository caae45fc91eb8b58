import { createHash, randomBytes } from 'node:crypto';

import { readAll, type MediaStorage } from '../media.storage.js';

const CHUNK = 64 * 1024;

/** `total` random bytes in 64 KiB chunks, failing with `failAfter`'s error once that many were given. */
async function* randomChunks(
  total: number,
  digest: ReturnType<typeof createHash>,
  failAfter?: number,
): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < total; sent += CHUNK) {
    if (failAfter !== undefined && sent >= failAfter) throw new Error('source failed halfway');
    const chunk = randomBytes(Math.min(CHUNK, total - sent));
    digest.update(chunk);
    yield chunk;
  }
}

/** The behaviour every MediaStorage adapter shares, run against each of them for real. */
export function describeMediaStorageContract(create: () => MediaStorage): void {
  let sut: MediaStorage;

  beforeEach(() => {
    sut = create();
  });

  it('stores bytes with their content type and reads them back', async () => {
    const bytes = Buffer.from('hello media');
    await sut.put('contract/hello.txt', bytes, 'text/plain');
    const found = await sut.get('contract/hello.txt');
    expect(found).toMatchObject({ contentType: 'text/plain', size: bytes.length });
    expect(found && (await readAll(found.body)).toString()).toBe('hello media');
  });

  it('answers null, false and no error for a missing object', async () => {
    await expect(sut.get('contract/missing.bin')).resolves.toBeNull();
    await expect(sut.stat('contract/missing.bin')).resolves.toBeNull();
    await expect(sut.exists('contract/missing.bin')).resolves.toBe(false);
    await expect(sut.delete('contract/missing.bin')).resolves.toBeUndefined();
  });

  it('reports existence and forgets deleted objects', async () => {
    await sut.put('contract/gone.bin', Buffer.from([1, 2, 3]), 'application/octet-stream');
    await expect(sut.exists('contract/gone.bin')).resolves.toBe(true);
    await expect(sut.stat('contract/gone.bin')).resolves.toEqual({
      contentType: 'application/octet-stream',
      size: 3,
    });
    await sut.delete('contract/gone.bin');
    await expect(sut.exists('contract/gone.bin')).resolves.toBe(false);
    await expect(sut.get('contract/gone.bin')).resolves.toBeNull();
  });

  it('replaces an object written twice', async () => {
    await sut.put('contract/twice.txt', Buffer.from('first'), 'text/plain');
    await sut.put('contract/twice.txt', Buffer.from('second!'), 'image/png');
    const found = await sut.get('contract/twice.txt');
    expect(found).toMatchObject({ contentType: 'image/png', size: 7 });
    found?.body.destroy();
  });

  it('reads an inclusive byte range', async () => {
    await sut.put('contract/range.bin', Buffer.from('0123456789'), 'application/octet-stream');
    const found = await sut.get('contract/range.bin', { start: 2, end: 5 });
    expect(found?.size).toBe(10);
    expect(found && (await readAll(found.body)).toString()).toBe('2345');
  });

  it('streams an object larger than one part and reads back the same bytes', async () => {
    const sent = createHash('sha256');
    const total = 12 * 1024 * 1024 + 123;
    await expect(sut.putStream('stream/big.bin', randomChunks(total, sent), 'video/mp4')).resolves.toEqual({
      size: total,
    });
    await expect(sut.stat('stream/big.bin')).resolves.toEqual({ contentType: 'video/mp4', size: total });
    const found = await sut.get('stream/big.bin');
    const received = createHash('sha256');
    for await (const chunk of found!.body as AsyncIterable<Buffer>) received.update(chunk);
    expect(received.digest('hex')).toBe(sent.digest('hex'));
  });

  it('streams a small object and an empty one', async () => {
    await expect(sut.putStream('stream/small.txt', [Buffer.from('small')], 'text/plain')).resolves.toEqual({
      size: 5,
    });
    expect((await readAll((await sut.get('stream/small.txt'))!.body)).toString()).toBe('small');
    await expect(sut.putStream('stream/empty.bin', [], 'application/octet-stream')).resolves.toEqual({
      size: 0,
    });
    await expect(sut.stat('stream/empty.bin')).resolves.toMatchObject({ size: 0 });
  });

  it.each([
    ['in the first part', 1024 * 1024],
    ['after several parts', 11 * 1024 * 1024],
  ])('leaves no object when the source fails %s', async (_case, failAfter) => {
    const failing = randomChunks(16 * 1024 * 1024, createHash('sha256'), failAfter);
    await expect(sut.putStream('failed/half.bin', failing, 'video/mp4')).rejects.toThrow(
      'source failed halfway',
    );
    await expect(sut.exists('failed/half.bin')).resolves.toBe(false);
    await expect(sut.list('failed/')).resolves.toEqual([]);
  });

  it('lists the keys under a prefix, sorted', async () => {
    for (const key of ['listed/b.png', 'listed/a.png', 'listed/deeper/c.png', 'listed-not/d.png']) {
      await sut.put(key, Buffer.from('x'), 'image/png');
    }
    await expect(sut.list('listed/')).resolves.toEqual([
      'listed/a.png',
      'listed/b.png',
      'listed/deeper/c.png',
    ]);
    await expect(sut.list('listed/a')).resolves.toEqual(['listed/a.png']);
    await expect(sut.list('nothing-here/')).resolves.toEqual([]);
    await expect(sut.list('../')).rejects.toThrow('invalid media prefix');
  });

  it('lists the objects under a prefix with their sizes and when they were written', async () => {
    const before = Date.now() - 2000;
    await sut.put('entries/a.png', Buffer.from('12345'), 'image/png');
    await sut.putStream('entries/b/c.mp4', [Buffer.from('123')], 'video/mp4');
    const found = await sut.entries('entries/');
    expect(found.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 'entries/a.png', size: 5 },
      { key: 'entries/b/c.mp4', size: 3 },
    ]);
    for (const entry of found) {
      expect(entry.modifiedAt.getTime()).toBeGreaterThan(before);
      expect(entry.modifiedAt.getTime()).toBeLessThan(Date.now() + 2000);
    }
    await expect(sut.entries('nothing-here/')).resolves.toEqual([]);
  });

  it.each(['../escape', '/absolute', 'a/../../b', '', 'a//b', 'spaces are bad', '.hidden'])(
    'refuses the key %j',
    async (key) => {
      await expect(sut.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('invalid media key');
      await expect(sut.get(key)).rejects.toThrow('invalid media key');
      await expect(sut.putStream(key, [Buffer.from('x')], 'text/plain')).rejects.toThrow('invalid media key');
    },
  );
}
