interface AllowedHost {
  host: string;
  /** Null: any port. */
  port: number | null;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** IPv6 literals are compared in the form URL parsing gives them (`::ffff:127.0.0.1` → `::ffff:7f00:1`). */
function normaliseHost(host: string): string {
  return host.includes(':') ? stripBrackets(new URL(`http://[${host}]/`).hostname) : host;
}

function parseEntry(entry: string): AllowedHost {
  const text = entry.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed?.[1])
    return { host: normaliseHost(bracketed[1]), port: bracketed[2] ? Number(bracketed[2]) : null };
  const parts = text.split(':');
  // One colon is host:port; more than one is a bare IPv6 address.
  if (parts.length === 2 && /^\d+$/.test(parts[1] ?? ''))
    return { host: parts[0] ?? '', port: Number(parts[1]) };
  if (parts.length === 2) throw new Error(`allowed host "${entry}": the port must be a number`);
  return { host: normaliseHost(text), port: null };
}

/**
 * Hosts the server may fetch from even though they resolve to internal addresses (the local
 * development IPFS gateway). Entries are `host` (any port) or `host:port`; IPv6 as `[::1]:8580`.
 */
export class HostAllowlist {
  private readonly entries: AllowedHost[];

  constructor(entries: readonly string[]) {
    this.entries = entries.filter((e) => e.trim() !== '').map(parseEntry);
  }

  allows(url: URL): boolean {
    const host = stripBrackets(url.hostname.toLowerCase());
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    return this.entries.some((e) => e.host === host && (e.port === null || e.port === port));
  }
}
