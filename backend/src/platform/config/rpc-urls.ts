import { redactSecrets } from '../logging/index.js';

/** What `<NETWORK>_RPC_URL` holds: one node, or several separated by commas. */
export interface ParsedRpcUrls {
  urls: string[];
  problems: string[];
}

/**
 * `url1,url2,…` as given in `name`: each an http(s) URL, none twice (the same node counted as
 * two would take two shares of the traffic and hide its failures). Spaces around commas are
 * allowed; a URL is quoted back with any key in it redacted.
 */
export function parseRpcUrls(name: string, raw: string): ParsedRpcUrls {
  const urls: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.every((part) => part === '')) return { urls, problems: [`${name} lists no URL`] };
  parts.forEach((part, index) => {
    const place = parts.length > 1 ? ` (entry ${index + 1})` : '';
    if (part === '') {
      problems.push(`${name} has an empty entry${place}: separate URLs with single commas`);
      return;
    }
    let parsed: URL;
    try {
      parsed = new URL(part);
    } catch {
      problems.push(`${name} is not a valid URL${place} (got "${redactSecrets(part)}")`);
      return;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      problems.push(`${name} must be a http: or https: URL${place} (got "${redactSecrets(part)}")`);
      return;
    }
    // URL parsing gives the host in lower case and drops a default port: the same node, spelt twice.
    const same = parsed.href.replace(/\/$/, '');
    if (seen.has(same)) {
      problems.push(`${name} lists ${redactSecrets(part)} twice`);
      return;
    }
    seen.add(same);
    urls.push(part);
  });
  return { urls, problems };
}
