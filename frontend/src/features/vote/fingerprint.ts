/** 53-bit string hash (cyrb53), as a short base-36 string. */
export function hashToBase36(input: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < input.length; i += 1) {
    const code = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export interface FingerprintParts {
  userAgent: string;
  language: string;
  screen: string;
  timezoneOffset: number;
  canvas: string;
}

/** SPEC §3: derived from user agent, language, screen size, time zone offset and a canvas rendering. */
export function fingerprintFrom(parts: FingerprintParts): string {
  return hashToBase36(
    [parts.userAgent, parts.language, parts.screen, parts.timezoneOffset, parts.canvas].join('|'),
  );
}
