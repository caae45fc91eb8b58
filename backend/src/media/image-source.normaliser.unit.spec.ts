import { normaliseImageSource } from './image-source.normaliser.js';

const CID = 'QmZ4tDuvesekSs4qM5ZBKpXiZGun7S2CYtEZRB3DYXkjGx';

describe(normaliseImageSource.name, () => {
  it.each([
    ['scheme and host case', 'HTTPS://Img.Example.COM/a.png', 'https://img.example.com/a.png'],
    ['the default https port', 'https://img.example.com:443/a.png', 'https://img.example.com/a.png'],
    ['the default http port', 'http://img.example.com:80/a.png', 'http://img.example.com/a.png'],
    ['a fragment', 'https://img.example.com/a.png#one', 'https://img.example.com/a.png'],
    ['an empty query', 'https://img.example.com/a.png?', 'https://img.example.com/a.png'],
    ['an empty query and a fragment', 'https://img.example.com/a.png?#x', 'https://img.example.com/a.png'],
    ['escaped unreserved characters', 'https://img.example.com/%61%2E%70ng', 'https://img.example.com/a.png'],
    [
      'lower-case escapes',
      'https://img.example.com/a%2fb.png?x=%e2%82%ac',
      'https://img.example.com/a%2Fb.png?x=%E2%82%AC',
    ],
    ['an IPFS fragment and empty query', `ipfs://${CID}/1.png?#frag`, `ipfs://${CID}/1.png`],
  ])('gives one identity across %s', (_case, src, identity) => {
    expect(normaliseImageSource(src)).toBe(identity);
  });

  it.each([
    ['another version', 'https://img.example.com/a.png?v=1', 'https://img.example.com/a.png?v=2'],
    [
      'another order of parameters',
      'https://img.example.com/a.png?a=1&b=2',
      'https://img.example.com/a.png?b=2&a=1',
    ],
    ['another path case', 'https://img.example.com/A.png', 'https://img.example.com/a.png'],
    ['another port', 'https://img.example.com:8443/a.png', 'https://img.example.com/a.png'],
    ['another scheme', 'http://img.example.com/a.png', 'https://img.example.com/a.png'],
    ['another CID case', `ipfs://${CID}/1.png`, `ipfs://${CID.toLowerCase()}/1.png`],
  ])('keeps %s apart (it may be another image)', (_case, a, b) => {
    expect(normaliseImageSource(a)).not.toBe(normaliseImageSource(b));
  });
});
