const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** RFC 3986 §6.2.2: escapes of unreserved characters decoded, the other escapes in upper case. */
function normaliseEscapes(text: string): string {
  return text.replace(/%[0-9a-fA-F]{2}/g, (escape) => {
    const char = String.fromCharCode(parseInt(escape.slice(1), 16));
    return UNRESERVED.test(char) ? char : escape.toUpperCase();
  });
}

/**
 * The identity an image is cached under: one spelling for the spellings of a URI that name the same
 * bytes for certain. From the canonical URI (IPFS and Arweave already in one form, http(s) parsed):
 * scheme and host in lower case and a default port dropped (the URL parser does both), the
 * fragment dropped (never sent to the server), an empty query dropped, percent escapes normalised.
 *
 * The query is kept as it is, order included: `?v=1` and `?v=2`, or `?a=1&b=2` and `?b=2&a=1`
 * (a signed URL covers the query as sent), may be different images, and serving one for the
 * other is worse than keeping both. Spellings an attacker can vary without end are paid for by the
 * cache's bound on total size, not by this.
 */
export function normaliseImageSource(canonical: string): string {
  if (/^https?:/i.test(canonical)) {
    let url: URL;
    try {
      url = new URL(canonical);
    } catch {
      return canonical;
    }
    return `${url.protocol}//${url.host}${normaliseEscapes(url.pathname)}${normaliseEscapes(url.search)}`;
  }
  const withoutFragment = canonical.replace(/#.*$/s, '');
  return normaliseEscapes(withoutFragment.endsWith('?') ? withoutFragment.slice(0, -1) : withoutFragment);
}
