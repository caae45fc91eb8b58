import { canonicalNftUri, decodeDataPayload, type NftUri, parseNftUri } from './nft-uri.parser.js';

const CID_V0 = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
const CID_V1 = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';
const AR_ID = 'bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U';

function dataUri(uri: string): Extract<NftUri, { kind: 'data' }> {
  const parsed = parseNftUri(uri);
  if (parsed?.kind !== 'data') throw new Error(`not a data URI: ${uri}`);
  return parsed;
}

describe(parseNftUri.name, () => {
  it.each([
    [`ipfs://${CID_V0}/1.json`, CID_V0, '/1.json'],
    [`ipfs://${CID_V0}`, CID_V0, ''],
    [`ipfs://ipfs/${CID_V0}/a/b.json`, CID_V0, '/a/b.json'],
    [`ipfs:///${CID_V1}/7`, CID_V1, '/7'],
    [`/ipfs/${CID_V1}/7`, CID_V1, '/7'],
    [`${CID_V0}`, CID_V0, ''],
    [`${CID_V1}/42.json`, CID_V1, '/42.json'],
    [`https://gateway.pinata.cloud/ipfs/${CID_V0}/1.json`, CID_V0, '/1.json'],
    [`https://ipfs.io/ipfs/${CID_V1}?filename=x.png`, CID_V1, '?filename=x.png'],
    [`https://${CID_V1}.ipfs.dweb.link/3.json`, CID_V1, '/3.json'],
    [`  ipfs://${CID_V0}/1.json#frag  `, CID_V0, '/1.json'],
  ])('reads %s as IPFS content', (uri, cid, path) => {
    expect(parseNftUri(uri)).toEqual({ kind: 'ipfs', cid, path });
  });

  it('reads ar:// with and without a path', () => {
    expect(parseNftUri(`ar://${AR_ID}`)).toEqual({ kind: 'arweave', id: AR_ID, path: '' });
    expect(parseNftUri(`ar://${AR_ID}/1.json`)).toEqual({ kind: 'arweave', id: AR_ID, path: '/1.json' });
  });

  it('keeps ordinary http(s) URLs, including /ipfs/ paths that hold no CID', () => {
    expect(parseNftUri('https://api.example.com/token/1')).toEqual({
      kind: 'http',
      url: new URL('https://api.example.com/token/1'),
    });
    expect(parseNftUri('https://example.com/ipfs/not-a-cid')?.kind).toBe('http');
  });

  it('reads data: URIs with their media type and encoding', () => {
    expect(parseNftUri('data:application/json;base64,e30=')).toEqual({
      kind: 'data',
      mediaType: 'application/json',
      base64: true,
      payload: 'e30=',
    });
    expect(parseNftUri('data:application/json;charset=utf-8,{}')).toMatchObject({
      mediaType: 'application/json',
      base64: false,
    });
    expect(parseNftUri('data:,{}')).toMatchObject({ mediaType: 'text/plain' });
  });

  it('takes inline JSON as the document itself', () => {
    expect(parseNftUri(' {"name":"x"}')).toEqual({ kind: 'json', text: '{"name":"x"}' });
  });

  it.each([
    '',
    '   ',
    'hello',
    'ipfs://not-a-cid',
    `ipfs://Qm${'1'.repeat(10)}`,
    'ar://short',
    'ftp://example.com/1.json',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://user:pass@example.com/',
    'data:no-comma',
    'data:text/html<script>,x',
    'http://',
  ])('refuses %j', (uri) => {
    expect(parseNftUri(uri)).toBeNull();
  });
});

describe(canonicalNftUri.name, () => {
  it('spells every IPFS form the same way', () => {
    const forms = [
      `ipfs://ipfs/${CID_V0}/1.json`,
      `/ipfs/${CID_V0}/1.json`,
      `https://x.io/ipfs/${CID_V0}/1.json`,
    ];
    for (const form of forms) {
      const parsed = parseNftUri(form);
      expect(parsed && canonicalNftUri(parsed)).toBe(`ipfs://${CID_V0}/1.json`);
    }
  });
});

describe(decodeDataPayload.name, () => {
  it('decodes base64, also when percent-escaped or wrapped', () => {
    expect(decodeDataPayload(dataUri('data:application/json;base64,eyJhIjoxfQ=='), 100)?.toString()).toBe(
      '{"a":1}',
    );
    expect(decodeDataPayload(dataUri('data:application/json;base64,eyJhIjoxfQ%3D%3D'), 100)?.toString()).toBe(
      '{"a":1}',
    );
    expect(decodeDataPayload(dataUri('data:application/json;base64,eyJh\nIjoxfQ=='), 100)?.toString()).toBe(
      '{"a":1}',
    );
  });

  it('decodes percent escapes byte by byte and leaves stray percent signs', () => {
    expect(
      decodeDataPayload(dataUri('data:application/json,%7B%22a%22%3A%22%C3%A9%22%7D'), 100)?.toString(),
    ).toBe('{"a":"é"}');
    expect(decodeDataPayload(dataUri('data:application/json;utf8,{"d":"100% real"}'), 100)?.toString()).toBe(
      '{"d":"100% real"}',
    );
  });

  it('refuses malformed base64 and payloads over the cap', () => {
    expect(decodeDataPayload(dataUri('data:application/json;base64,***'), 100)).toBeNull();
    expect(
      decodeDataPayload(dataUri(`data:application/json;base64,${Buffer.alloc(200).toString('base64')}`), 100),
    ).toBeNull();
    expect(decodeDataPayload(dataUri(`data:text/plain,${'x'.repeat(200)}`), 100)).toBeNull();
  });
});
