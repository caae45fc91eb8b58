import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import {
  adler32,
  adler32Combine,
  deflateHead,
  deflatePart,
  finishDeflate,
  spliceDeflate,
} from './deflate-splice.js';

/** inflateSync checks the zlib header, every block and the Adler-32 trailer: it is the oracle here. */
const inflate = (chunks: Buffer[]) => inflateSync(Buffer.concat(chunks));

describe('deflate splicing', () => {
  it('computes Adler-32 as published, and combines checksums of adjacent parts', () => {
    expect(adler32(Buffer.from('Wikipedia'))).toBe(0x11e60398);
    expect(adler32(Buffer.alloc(0))).toBe(1);
    const a = randomBytes(70_000);
    const b = Buffer.alloc(200_000, 0xff);
    expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(adler32(Buffer.concat([a, b])));
    expect(adler32(b, adler32(a))).toBe(adler32(Buffer.concat([a, b])));
    expect(adler32Combine(adler32(a), 1, 0)).toBe(adler32(a));
  });

  it('makes one valid zlib stream of plain parts around a part compressed beforehand', async () => {
    const list = JSON.stringify(
      Array.from({ length: 2000 }, (_, i) => ({ tokenId: String(i), name: `Nexus Apes #${i}` })),
    );
    const middle = await deflatePart(list);
    expect(middle.bytes.length).toBeLessThan(list.length / 4);

    for (const tail of [`,"loadTime":1,"fromCache":true}`, `,"loadTime":22,"error":null}`]) {
      const chunks = spliceDeflate(['{"nfts":', middle, tail]);
      expect(inflate(chunks).toString()).toBe(`{"nfts":${list}${tail}`);
    }
  });

  it('handles empty, binary and long plain parts, and several compressed parts in a row', async () => {
    const long = randomBytes(150_000); // three stored blocks
    const first = await deflatePart(randomBytes(40_000), 1);
    const second = await deflatePart(Buffer.from('[]'));
    const empty = await deflatePart('');
    const text = Buffer.concat([Buffer.from('head'), long, randomBytes(0)]);
    const chunks = spliceDeflate([text, '', first, second, empty, long]);
    const out = inflate(chunks);
    expect(out.length).toBe(text.length + 40_000 + 2 + long.length);
    expect(out.subarray(0, text.length).equals(text)).toBe(true);
    expect(out.subarray(-long.length).equals(long)).toBe(true);
    expect(inflate(spliceDeflate([])).length).toBe(0);
  });

  it('is refused by the decoder when a part does not match its checksum', async () => {
    const part = await deflatePart('{"a":1}');
    const wrong = { ...part, adler32: adler32(Buffer.from('{"a":2}')) };
    expect(() => inflate(spliceDeflate(['[', wrong, ']']))).toThrow(/incorrect data check/);
  });

  it('prepares the fixed start once and finishes each answer with its own tail', async () => {
    const list = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ tokenId: String(i) })));
    const part = await deflatePart(list);
    const head = deflateHead(['{"nfts":', part]);
    for (const tail of [`,"loadTime":0}`, `,"loadTime":12,"error":null}`, '', 'x'.repeat(70_000)]) {
      const chunks = finishDeflate(head, tail);
      expect(inflate(chunks).toString()).toBe(`{"nfts":${list}${tail}`);
      const whole = Buffer.concat(spliceDeflate(['{"nfts":', part, tail]));
      expect(Buffer.concat(chunks).equals(whole)).toBe(true);
    }
    expect(inflate(finishDeflate(deflateHead([]), '{}')).toString()).toBe('{}');
  });
});
