/** The forms a tokenURI, image or animation_url takes in the wild, after normalisation. */
export type NftUri =
  /** Content on IPFS; `path` is empty or starts with '/' and may carry a query. */
  | { kind: 'ipfs'; cid: string; path: string }
  | { kind: 'arweave'; id: string; path: string }
  | { kind: 'http'; url: URL }
  | { kind: 'data'; mediaType: string; base64: boolean; payload: string }
  /** A contract that returns the JSON itself instead of a URI. */
  | { kind: 'json'; text: string };

const CID_V0 = /^Qm[1-9A-HJ-NP-Za-km-z]{44}$/;
const CID_V1_BASE32 = /^b[a-z2-7]{50,}$/;
const ARWEAVE_ID = /^[A-Za-z0-9_-]{43}$/;

export function isCid(text: string): boolean {
  return CID_V0.test(text) || CID_V1_BASE32.test(text);
}

/** Splits "<first>/<rest>?q" into the first segment and the remainder ('' or '/…' or '?…'). */
function splitFirstSegment(text: string): [string, string] {
  const end = text.search(/[/?#]/);
  if (end < 0) return [text, ''];
  const rest = text.slice(end);
  return [text.slice(0, end), rest.startsWith('#') ? '' : rest.replace(/#.*$/, '')];
}

function ipfsFrom(text: string): NftUri | null {
  const [cid, path] = splitFirstSegment(text);
  return isCid(cid) ? { kind: 'ipfs', cid, path } : null;
}

function parseData(uri: string): NftUri | null {
  const comma = uri.indexOf(',');
  if (comma < 0) return null;
  const header = uri
    .slice('data:'.length, comma)
    .split(';')
    .map((p) => p.trim().toLowerCase());
  const mediaType = header[0] || 'text/plain';
  if (!/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(mediaType)) return null;
  return {
    kind: 'data',
    mediaType,
    base64: header.slice(1).includes('base64'),
    payload: uri.slice(comma + 1),
  };
}

function parseHttp(uri: string): NftUri | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname || url.username || url.password) return null;
  // Any gateway's copy of IPFS content is fetched from our own gateways instead.
  const pathForm = /^\/ipfs\/([^/?#]+)(.*)$/.exec(url.pathname);
  if (pathForm?.[1] && isCid(pathForm[1])) {
    return { kind: 'ipfs', cid: pathForm[1], path: `${pathForm[2] ?? ''}${url.search}` };
  }
  const subdomainForm = /^([a-z0-9]+)\.ipfs\./.exec(url.hostname);
  if (subdomainForm?.[1] && isCid(subdomainForm[1])) {
    const path = url.pathname === '/' ? '' : url.pathname;
    return { kind: 'ipfs', cid: subdomainForm[1], path: `${path}${url.search}` };
  }
  return { kind: 'http', url };
}

/** Null for anything we do not understand; never throws. */
export function parseNftUri(raw: string): NftUri | null {
  const uri = raw.trim();
  if (uri === '') return null;
  if (uri.startsWith('{')) return { kind: 'json', text: uri };
  const lower = uri.slice(0, 8).toLowerCase();
  if (lower.startsWith('data:')) return parseData(uri);
  if (lower.startsWith('ipfs://')) {
    // ipfs://ipfs/<cid> and ipfs:///<cid> are common mistakes for ipfs://<cid>.
    const rest = uri.slice('ipfs://'.length).replace(/^\/+/, '');
    return ipfsFrom(rest.startsWith('ipfs/') ? rest.slice('ipfs/'.length) : rest);
  }
  if (lower.startsWith('ar://')) {
    const [id, path] = splitFirstSegment(uri.slice('ar://'.length));
    return ARWEAVE_ID.test(id) ? { kind: 'arweave', id, path } : null;
  }
  if (uri.startsWith('/ipfs/')) return ipfsFrom(uri.slice('/ipfs/'.length));
  if (lower.startsWith('http://') || lower.startsWith('https://')) return parseHttp(uri);
  return ipfsFrom(uri);
}

/** One stable spelling per resource, so every gateway URL of the same IPFS file shares a cache key. */
export function canonicalNftUri(uri: NftUri): string {
  switch (uri.kind) {
    case 'ipfs':
      return `ipfs://${uri.cid}${uri.path}`;
    case 'arweave':
      return `ar://${uri.id}${uri.path}`;
    case 'http':
      return uri.url.href;
    case 'data':
      return `data:${uri.mediaType}${uri.base64 ? ';base64' : ''},${uri.payload}`;
    case 'json':
      return uri.text;
  }
}

function percentDecode(text: string): Buffer {
  if (!text.includes('%')) return Buffer.from(text, 'utf8');
  const parts: Buffer[] = [];
  let last = 0;
  for (const match of text.matchAll(/(?:%[0-9a-fA-F]{2})+/g)) {
    parts.push(Buffer.from(text.slice(last, match.index), 'utf8'));
    parts.push(Buffer.from(match[0].replace(/%/g, ''), 'hex'));
    last = match.index + match[0].length;
  }
  parts.push(Buffer.from(text.slice(last), 'utf8'));
  return Buffer.concat(parts);
}

/**
 * The bytes of a data: URI; null when malformed or larger than maxBytes. Percent escapes are
 * decoded byte by byte, so a stray '%' in utf8 JSON ("100%") stays as it is.
 */
export function decodeDataPayload(uri: Extract<NftUri, { kind: 'data' }>, maxBytes: number): Buffer | null {
  if (uri.base64) {
    let text = uri.payload.includes('%') ? percentDecode(uri.payload).toString('latin1') : uri.payload;
    text = text.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return null;
    if (Math.floor((text.length * 3) / 4) > maxBytes + 2) return null;
    const bytes = Buffer.from(text, 'base64');
    return bytes.length > maxBytes ? null : bytes;
  }
  // A percent escape shrinks three characters to one byte; anything longer than this cannot fit.
  if (uri.payload.length > maxBytes * 3) return null;
  const bytes = percentDecode(uri.payload);
  return bytes.length > maxBytes ? null : bytes;
}
