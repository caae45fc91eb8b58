import { GENERIC_TRAIT_TYPE } from '@nexus/contract';
import { normalizeAttributes, normalizeMetadata } from './metadata.normalizer.js';

describe(normalizeAttributes.name, () => {
  it('keeps trait_type/value entries with their display type', () => {
    expect(
      normalizeAttributes([
        { trait_type: 'Background', value: 'Blue' },
        { trait_type: 'Level', value: 5, display_type: 'number' },
        { trait_type: 'Legendary', value: true },
      ]),
    ).toEqual([
      { trait_type: 'Background', value: 'Blue' },
      { trait_type: 'Level', value: 5, display_type: 'number' },
      { trait_type: 'Legendary', value: true },
    ]);
  });

  it('accepts key, name, type and traitType in place of trait_type', () => {
    expect(
      normalizeAttributes([
        { key: 'Eyes', value: 'Red' },
        { name: 'Mouth', value: 'Smile' },
        { type: 'Hat', value: 'Cap' },
        { traitType: 'Fur', value: 'Gold' },
      ]),
    ).toEqual([
      { trait_type: 'Eyes', value: 'Red' },
      { trait_type: 'Mouth', value: 'Smile' },
      { trait_type: 'Hat', value: 'Cap' },
      { trait_type: 'Fur', value: 'Gold' },
    ]);
  });

  it('reads object maps, with plain or structured values', () => {
    expect(
      normalizeAttributes({ Background: 'Blue', Power: 9, Eyes: { value: 'Red', display_type: 'x' } }),
    ).toEqual([
      { trait_type: 'Background', value: 'Blue' },
      { trait_type: 'Power', value: 9 },
      { trait_type: 'Eyes', value: 'Red', display_type: 'x' },
    ]);
  });

  it('keeps value-only entries as generic properties, the way OpenSea shows them', () => {
    expect(
      normalizeAttributes([
        { trait_type: 'Background', value: 'Blue' },
        { value: 'Samurai' },
        { value: 'Gold' },
        { trait_type: null, value: 7, display_type: 'number' },
      ]),
    ).toEqual([
      { trait_type: 'Background', value: 'Blue' },
      { trait_type: GENERIC_TRAIT_TYPE, value: 'Samurai' },
      { trait_type: GENERIC_TRAIT_TYPE, value: 'Gold' },
      { trait_type: GENERIC_TRAIT_TYPE, value: 7, display_type: 'number' },
    ]);
    expect(GENERIC_TRAIT_TYPE).toBe('Property');
  });

  it('reads attributes serialised as a JSON string', () => {
    expect(normalizeAttributes('[{"trait_type":"A","value":"b"}]')).toEqual([
      { trait_type: 'A', value: 'b' },
    ]);
  });

  it('drops null and garbage entries', () => {
    expect(
      normalizeAttributes([
        null,
        'Blue',
        42,
        [],
        { trait_type: 'Nothing', value: null },
        { trait_type: 'Empty', value: '   ' },
        { trait_type: 'Nested', value: { deep: 1 } },
        { trait_type: 'List', value: [1, 2] },
        { trait_type: 'Infinite', value: Number.POSITIVE_INFINITY },
        { trait_type: '  ', value: 'blank type' },
        { value: null },
        { value: '  ' },
        { trait_type: ' Kept ', value: ' trimmed ' },
      ]),
    ).toEqual([{ trait_type: 'Kept', value: 'trimmed' }]);
    expect(normalizeAttributes({ a: null, b: [1], c: {} })).toEqual([]);
    expect(normalizeAttributes('not json')).toEqual([]);
    expect(normalizeAttributes(undefined)).toEqual([]);
  });
});

describe(normalizeMetadata.name, () => {
  it('maps the usual fields', () => {
    expect(
      normalizeMetadata({
        name: 'Token #1',
        description: 'A token',
        image: 'ipfs://QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG/1.png',
        animation_url: 'https://example.com/1.mp4',
        attributes: [{ trait_type: 'Background', value: 'Blue' }],
      }),
    ).toEqual({
      name: 'Token #1',
      description: 'A token',
      image: 'ipfs://QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG/1.png',
      animationUrl: 'https://example.com/1.mp4',
      attributes: [{ trait_type: 'Background', value: 'Blue' }],
    });
  });

  it('falls back to image_url, traits and a numeric name', () => {
    expect(normalizeMetadata({ name: 7, image_url: 'https://x/1.png', traits: { Hat: 'Cap' } })).toEqual({
      name: '7',
      description: null,
      image: 'https://x/1.png',
      animationUrl: null,
      attributes: [{ trait_type: 'Hat', value: 'Cap' }],
    });
  });

  it('turns raw image_data SVG into a data: URI', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>';
    expect(normalizeMetadata({ name: 'x', image_data: svg })?.image).toBe(
      `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    );
  });

  it('answers null for non-objects and documents that say nothing', () => {
    expect(normalizeMetadata(null)).toBeNull();
    expect(normalizeMetadata([{ name: 'x' }])).toBeNull();
    expect(normalizeMetadata('name')).toBeNull();
    expect(normalizeMetadata({ error: 'not found' })).toBeNull();
  });

  it('drops U+0000, which PostgreSQL cannot store, from every text a token publishes', () => {
    const nul = '\u0000';
    const metadata = normalizeMetadata({
      name: `Evil${nul} #1`,
      description: `${nul}desc`,
      image: `ipfs://cid/1.png${nul}`,
      attributes: [
        { trait_type: `Eyes${nul}`, value: `Red${nul}` },
        { trait_type: 'Hat', value: nul },
      ],
    });
    expect(metadata).toEqual({
      name: 'Evil #1',
      description: 'desc',
      image: 'ipfs://cid/1.png',
      animationUrl: null,
      attributes: [{ trait_type: 'Eyes', value: 'Red' }],
    });
    expect(JSON.stringify(metadata)).not.toContain('\\u0000');
  });
});
