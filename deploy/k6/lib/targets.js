// What the k6 scripts load: the API's address and the wallet and collection whose scans are read.
// Plain JavaScript for k6 (goja); not part of the TypeScript build.
import http from 'k6/http';
import { sleep } from 'k6';

export const BASE_URL = (__ENV.BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
export const NETWORK = __ENV.NETWORK || 'polygon';

// MANIFEST=<absolute path of .nexus/devchain.json> picks a demo collection and wallet of NETWORK from the dev chains.
const manifest = __ENV.MANIFEST ? JSON.parse(open(__ENV.MANIFEST)) : null;

function fromManifest() {
  if (!manifest) return { wallet: null, collection: null };
  const collection = (manifest.collections || []).find(
    (c) => c.network === NETWORK && !(c.edgeCases && c.edgeCases.spam),
  );
  const wallet = (manifest.wallets || []).find((w) => w.network === NETWORK && w.holdings.length > 0);
  return { wallet: wallet ? wallet.address : null, collection: collection ? collection.address : null };
}

const picked = fromManifest();
export const WALLET = (__ENV.WALLET || picked.wallet || '').toLowerCase();
export const COLLECTION = (__ENV.COLLECTION || picked.collection || '').toLowerCase();

/** The scan key of the contract (contract/src/scans.ts scanKey). */
export function scanKey(kind, address) {
  return `${kind}:${NETWORK}:${address.toLowerCase()}`;
}

export function nftsBody(searchType, address) {
  return JSON.stringify({ address, network: NETWORK, searchType });
}

/**
 * What a browser sends: cached scan answers then come compressed (Content-Encoding: deflate, which
 * k6 decodes). ACCEPT_ENCODING=identity measures the uncompressed answers.
 */
export const ACCEPT_ENCODING = __ENV.ACCEPT_ENCODING || 'gzip, deflate, br';
export const JSON_HEADERS = {
  headers: { 'content-type': 'application/json', 'accept-encoding': ACCEPT_ENCODING },
};

/**
 * Makes sure the scan is cached before the load starts: POST /api/nfts answers 202 while the scan
 * outlives the server's wait, so post again until it answers 200 with NFTs.
 */
export function primeScan(searchType, address, maxWaitS) {
  if (!/^0x[0-9a-f]{40}$/.test(address)) {
    throw new Error(`Set ${searchType === 'wallet' ? 'WALLET' : 'COLLECTION'} (0x + 40 hex) or MANIFEST`);
  }
  const deadline = Date.now() + maxWaitS * 1000;
  for (;;) {
    const res = http.post(`${BASE_URL}/api/nfts`, nftsBody(searchType, address), JSON_HEADERS);
    if (res.status === 200) {
      const body = res.json();
      if (body.error) throw new Error(`${searchType} ${address}: ${body.error}`);
      return body.nfts.length;
    }
    if (res.status !== 202) throw new Error(`${searchType} ${address}: HTTP ${res.status} ${res.body}`);
    if (Date.now() > deadline)
      throw new Error(`${searchType} ${address}: still scanning after ${maxWaitS} s`);
    sleep(2);
  }
}
