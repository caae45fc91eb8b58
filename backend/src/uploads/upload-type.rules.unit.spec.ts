import { claimsMatchContent } from './upload-type.rules.js';

describe(claimsMatchContent.name, () => {
  it.each([
    ['image/png', 'image/png', 'logo.png'],
    ['image/png', 'image/x-png', 'LOGO.PNG'],
    ['image/png', 'application/octet-stream', 'logo.png'],
    ['image/png', '', 'blob'],
    ['image/png', 'image/png; charset=binary', 'logo'],
    ['image/jpeg', 'image/jpg', 'photo.jpeg'],
    ['image/jpeg', 'image/jpeg', 'photo.JFIF'],
    ['video/mp4', 'video/quicktime', 'clip.mov'],
    ['video/quicktime', 'video/mp4', 'clip.mp4'],
    ['video/x-msvideo', 'video/avi', 'clip.avi'],
    ['video/webm', 'video/webm', 'clip.webm'],
  ])('accepts %s sent as %j named %j', (sniffed, declared, name) => {
    expect(claimsMatchContent(sniffed, declared, name)).toBe(true);
  });

  it.each([
    ['a PNG named .mp4', 'image/png', 'application/octet-stream', 'logo.mp4'],
    ['a PNG sent as video/mp4', 'image/png', 'video/mp4', 'logo.png'],
    ['an MP4 sent as image/png', 'video/mp4', 'image/png', 'clip'],
    ['an MP4 named .png', 'video/mp4', 'video/mp4', 'clip.png'],
    ['a GIF named .txt', 'image/gif', 'text/plain', 'notes.txt'],
    ['a WebM named .avi', 'video/webm', 'application/octet-stream', 'clip.avi'],
    ['a type uploads never take', 'image/svg+xml', 'image/svg+xml', 'logo.svg'],
  ])('refuses %s', (_case, sniffed, declared, name) => {
    expect(claimsMatchContent(sniffed, declared, name)).toBe(false);
  });
});
