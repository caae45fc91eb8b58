/**
 * Secrets that travel inside URLs — RPC and API keys in paths (Alchemy `/v2/<key>`, Infura
 * `/v3/<id>`, QuickNode, Ankr), keys and tokens in query strings, user:password — replaced before a
 * text reaches a log line or a stored error.
 */
const REDACTED = '[redacted]';

const SECRET_PARAMS =
  /([?&](?:api[_-]?key|apikey|key|token|access[_-]?token|auth|secret|password|signature|sig|project[_-]?id)=)[^&#\s"'<>]+/gi;
const USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@"'<>]+(?::[^/\s@"'<>]*)?@/gi;
const URL = /\b(?:https?|wss?):\/\/[^\s"'<>]+/gi;

/** Path segments that are ours to keep: contract addresses, token ids, IPFS content ids. */
function keepSegment(segment: string): boolean {
  return (
    /^0x[0-9a-f]*$/i.test(segment) ||
    /^Qm[1-9A-HJ-NP-Za-km-z]{44}$/.test(segment) ||
    /^b[a-z2-7]{58,}$/.test(segment)
  );
}

/** A key-like segment: long, one word of letters and digits (with - or _), letters and digits both. */
function looksLikeKey(segment: string): boolean {
  return (
    segment.length >= 20 &&
    /^[A-Za-z0-9_-]+$/.test(segment) &&
    /[0-9]/.test(segment) &&
    /[A-Za-z]/.test(segment) &&
    !keepSegment(segment)
  );
}

function redactUrl(url: string): string {
  const queryAt = url.search(/[?#]/);
  const head = queryAt === -1 ? url : url.slice(0, queryAt);
  const tail = queryAt === -1 ? '' : url.slice(queryAt);
  const schemeEnd = head.indexOf('://') + 3;
  const hostEnd = head.indexOf('/', schemeEnd);
  if (hostEnd === -1) return url;
  const path = head
    .slice(hostEnd)
    .split('/')
    .map((segment) => (looksLikeKey(segment) ? REDACTED : segment))
    .join('/');
  return head.slice(0, hostEnd) + path + tail;
}

export function redactSecrets(text: string): string {
  return text
    .replace(USER_INFO, `$1${REDACTED}@`)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(URL, redactUrl);
}
