import { describe, expect, it } from '@jest/globals';
import { PROMO_MESSAGES, PROMO_UPLOAD } from '@nexus/contract';
import { formatDuration } from './format-time';
import { isLearnMoreUrl, promoFileProblem, promoUploadProblem } from './promo-upload-logic';
import { rateLimitLevel } from './rate-limit-level';
import { safeExternalHref } from './safe-link';

const MB = 1024 * 1024;

const video = { type: 'video/mp4', size: 5 * MB };

describe(promoFileProblem.name, () => {
  it('keeps images and videos up to 100MB only (SPEC §5)', () => {
    expect(promoFileProblem(video)).toBeNull();
    expect(promoFileProblem({ type: 'image/webp', size: PROMO_UPLOAD.maxBytes })).toBeNull();
    expect(promoFileProblem({ type: 'application/pdf', size: 10 })).toEqual(PROMO_MESSAGES.invalidType);
    expect(promoFileProblem({ type: 'video/mp4', size: PROMO_UPLOAD.maxBytes + 1 })).toEqual(
      PROMO_MESSAGES.tooLarge,
    );
  });
});

describe(promoUploadProblem.name, () => {
  it('checks, in order: a file, a non-empty file, a name, a URL-shaped Learn More link', () => {
    expect(promoUploadProblem({ file: null, name: 'x', promotionalUrl: '' })).toEqual(PROMO_MESSAGES.noFile);
    expect(
      promoUploadProblem({ file: { type: 'video/mp4', size: 0 }, name: 'x', promotionalUrl: '' }),
    ).toEqual({
      title: 'Upload failed',
      description: PROMO_MESSAGES.emptyFile,
    });
    expect(promoUploadProblem({ file: video, name: '   ', promotionalUrl: '' })).toEqual(
      PROMO_MESSAGES.nameRequired,
    );
    expect(
      promoUploadProblem({ file: video, name: 'Launch', promotionalUrl: 'not a url' })?.description,
    ).toBe(PROMO_MESSAGES.invalidUrl);
    expect(
      promoUploadProblem({ file: video, name: 'Launch', promotionalUrl: 'https://nexus.example/x' }),
    ).toBeNull();
  });

  it.each([
    ['', true],
    ['https://example.com', true],
    ['http://example.com/path?q=1', true],
    ['example.com', false],
    ['javascript:alert(1)', false],
    ['ftp://example.com', false],
  ])('Learn More URL %j is %s', (text, ok) => {
    expect(isLearnMoreUrl(text)).toBe(ok);
  });
});

describe(rateLimitLevel.name, () => {
  // SPEC §9: 70 % or more yellow, 90 % or more red.
  it.each([
    [0, 100, 'ok'],
    [69, 100, 'ok'],
    [70, 100, 'warn'],
    [89, 100, 'warn'],
    [90, 100, 'danger'],
    [150, 100, 'danger'],
    [0, 0, 'ok'],
    [1, 0, 'danger'],
  ])('%i of %i is %s', (current, limit, level) => {
    expect(rateLimitLevel({ current, limit })).toBe(level);
  });
});

describe(safeExternalHref.name, () => {
  it.each([
    ['https://a.example', 'https://a.example'],
    ['a.example/x', 'https://a.example/x'],
    ['javascript:alert(1)', null],
    ['data:text/html,x', null],
    ['//evil.example', null],
    ['', null],
  ])('%j links to %j', (text, href) => {
    expect(safeExternalHref(text)).toBe(href);
  });
});

describe(formatDuration.name, () => {
  it.each([
    [0, '0s'],
    [45_000, '45s'],
    [200_000, '3m 20s'],
    [3_900_000, '1h 5m'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
