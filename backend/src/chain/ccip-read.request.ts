import { isHex, type Address, type Hex } from 'viem';
import type { SafeHttpClient } from '../platform/outbound/index.js';

/** Largest gateway answer read (a signed ABI answer is a few hundred bytes). */
export const CCIP_MAX_BYTES = 256 * 1024;
export const CCIP_TIMEOUT_MS = 10_000;

export interface CcipRequest {
  data: Hex;
  sender: Address;
  urls: readonly string[];
}

/** A gateway that answered nothing usable (refused, unreachable, not hex), named by its host. */
export class CcipGatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CcipGatewayError';
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid URL';
  }
}

/**
 * ERC-3668 gateway requests for viem's `ccipRead.request`, through the outbound layer's SSRF guard:
 * the gateway URL a resolver names is untrusted input, so every hop is checked after DNS
 * resolution like NFT metadata (a private address refused, and counted by the client's
 * `onBlocked`), answers capped in size and time. URLs are tried in order; `{data}` in a URL means
 * GET, otherwise POST `{ data, sender }` (the standard's two forms).
 */
export function guardedCcipRequest(http: SafeHttpClient): (request: CcipRequest) => Promise<Hex> {
  return async ({ data, sender, urls }) => {
    let failure = new CcipGatewayError('the resolver named no gateway');
    for (const template of urls) {
      const url = template.replace('{sender}', sender.toLowerCase()).replace('{data}', data);
      const post = !template.includes('{data}');
      try {
        const response = await http.get(url, {
          maxBytes: CCIP_MAX_BYTES,
          timeoutMs: CCIP_TIMEOUT_MS,
          maxRedirects: 2,
          accept: 'application/json',
          ...(post ? { jsonBody: JSON.stringify({ data, sender: sender.toLowerCase() }) } : {}),
        });
        const text = response.body.toString('utf8');
        let result: unknown = text.trim();
        if (response.contentType === 'application/json') {
          try {
            result = (JSON.parse(text) as { data?: unknown }).data;
          } catch {
            result = null;
          }
        }
        if (typeof result === 'string' && isHex(result)) return result;
        failure = new CcipGatewayError(`the gateway at ${hostOf(url)} answered no data`);
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'the request failed';
        failure = new CcipGatewayError(`the gateway at ${hostOf(url)} failed: ${reason}`);
      }
    }
    throw failure;
  };
}
