import { describe, expect, it } from '@jest/globals';
import { isSafeLinkUrl, mediaImageUrl, resolveImageUrl } from './image-url';

describe('resolveImageUrl', () => {
  it('keeps empty values empty', () => {
    expect(resolveImageUrl('')).toBe('');
    expect(resolveImageUrl(undefined)).toBe('');
  });

  it('rewrites ipfs:// to the public gateway', () => {
    expect(resolveImageUrl('ipfs://bafy123/1.png')).toBe('https://ipfs.io/ipfs/bafy123/1.png');
    expect(resolveImageUrl('ipfs://ipfs/bafy123')).toBe('https://ipfs.io/ipfs/bafy123');
  });

  it('leaves data and http urls unchanged', () => {
    expect(resolveImageUrl('data:image/svg+xml;base64,AAAA')).toBe('data:image/svg+xml;base64,AAAA');
    expect(resolveImageUrl('/api/media/x.svg')).toBe('/api/media/x.svg');
  });
});

describe('isSafeLinkUrl', () => {
  it('accepts http(s) and same-origin paths only', () => {
    expect(isSafeLinkUrl('https://example.org/a.png')).toBe(true);
    expect(isSafeLinkUrl('/api/media/a.svg')).toBe(true);
    expect(isSafeLinkUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeLinkUrl('data:text/html,<b>x</b>')).toBe(false);
    expect(isSafeLinkUrl('//evil.example')).toBe(false);
  });
});

describe('mediaImageUrl', () => {
  it('sends ipfs, arweave and http(s) images through our media route', () => {
    expect(mediaImageUrl('ipfs://bafy123/1.png')).toBe('/api/media/image?src=ipfs%3A%2F%2Fbafy123%2F1.png');
    expect(mediaImageUrl(' ar://tx-id ')).toBe('/api/media/image?src=ar%3A%2F%2Ftx-id');
    expect(mediaImageUrl('https://ipfs.io/ipfs/bafy/logo.png?x=1&y=2')).toBe(
      '/api/media/image?src=https%3A%2F%2Fipfs.io%2Fipfs%2Fbafy%2Flogo.png%3Fx%3D1%26y%3D2',
    );
  });

  it('keeps same-origin paths and inline images as they are', () => {
    expect(mediaImageUrl('/api/media/image?src=ipfs%3A%2F%2Fa')).toBe('/api/media/image?src=ipfs%3A%2F%2Fa');
    expect(mediaImageUrl('/api/media/files/abc.png')).toBe('/api/media/files/abc.png');
    expect(mediaImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
  });

  it('drops empty, scriptable and protocol-relative addresses', () => {
    expect(mediaImageUrl('')).toBe('');
    expect(mediaImageUrl(null)).toBe('');
    expect(mediaImageUrl('javascript:alert(1)')).toBe('');
    expect(mediaImageUrl('data:text/html,<b>x</b>')).toBe('');
    expect(mediaImageUrl('//evil.example/a.png')).toBe('');
  });
});
