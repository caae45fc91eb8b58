import { redactSecrets } from './redact.js';

describe('redactSecrets', () => {
  it('hides API keys in RPC provider paths', () => {
    expect(redactSecrets('POST https://eth-mainnet.g.alchemy.com/v2/aB3dE5fG7hI9jK1lM3nO5pQ7 failed')).toBe(
      'POST https://eth-mainnet.g.alchemy.com/v2/[redacted] failed',
    );
    expect(redactSecrets('URL: https://mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161')).toBe(
      'URL: https://mainnet.infura.io/v3/[redacted]',
    );
    expect(
      redactSecrets(
        'https://rpc.ankr.com/eth/6c5e2a5d0ab0d8f0c7e9e8c6f3b58f8a5d5a9e3f2b1c4d5e6f7a8b9c0d1e2f3a4 x',
      ),
    ).toBe('https://rpc.ankr.com/eth/[redacted] x');
    expect(redactSecrets('https://old-snowy-sea.quiknode.pro/0123456789abcdef0123456789abcdef/')).toBe(
      'https://old-snowy-sea.quiknode.pro/[redacted]/',
    );
  });

  it('hides keys and tokens in query strings and credentials before the host', () => {
    expect(redactSecrets('GET https://api.example.com/nfts?owner=0xabc&apiKey=s3cr3t&limit=5')).toBe(
      'GET https://api.example.com/nfts?owner=0xabc&apiKey=[redacted]&limit=5',
    );
    expect(redactSecrets('https://x.io/a?token=abc#frag and https://x.io/b?access_token=def')).toBe(
      'https://x.io/a?token=[redacted]#frag and https://x.io/b?access_token=[redacted]',
    );
    expect(redactSecrets('redis://default:hunter2@cache.internal:6379/0 refused')).toBe(
      'redis://[redacted]@cache.internal:6379/0 refused',
    );
  });

  it('keeps what is needed to debug: hosts, addresses, token ids, IPFS ids, plain words', () => {
    const kept = [
      'connect ECONNREFUSED 127.0.0.1:5441',
      'https://metadata.example.com/token/0x5FbDB2315678afecb367f032d93F642f64180aa3/12345',
      'ipfs://QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG/7.json',
      'https://gateway.example/ipfs/bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1',
      'HTTP request failed. Status: 500',
    ];
    for (const text of kept) expect(redactSecrets(text)).toBe(text);
  });
});
