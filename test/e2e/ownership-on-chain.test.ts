import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator } from 'playwright-core';
import { getAbiItem, type Address } from 'viem';
import {
  chainClient,
  chainHead,
  ERC721_ABI,
  INDEX_CONFIRMATIONS,
  transferOnChain,
  waitForIndex,
} from '../support/chain-index.js';
import { CHROMIUM, describeWith, TEST_CHAIN } from '../support/requirements.js';
import { readTestManifest, type ManifestCollection } from '../support/system.js';
import { mineTestBlocks } from '../support/test-collections.js';
import { useBrowserSystem } from '../support/browser-system.js';
import { TEST_PORT_OFFSET, testPrefix } from '../support/test-env.js';
import { minedReceipt } from '../../deploy/devchain/src/mined-receipt.js';

/**
 * Issue 24: what Nexus shows of ownership equals the chain. The test reads the chain itself (the
 * anvil node, with viem: Transfer logs and ownerOf, never Nexus's API or database) and compares it
 * with the screen: the owner, "held since" and history of an NFT moved during the test, and a
 * collection's holders, top holders and distribution.
 */
const maybe = describeWith([TEST_CHAIN, CHROMIUM]);

/** A first visit scans the collection; the transfer index may still be catching up with the seeding. */
const SCAN_TIMEOUT = 240_000;
const INDEX_TIMEOUT = 240_000;
const ZERO = '0x0000000000000000000000000000000000000000';
const TRANSFER = getAbiItem({ abi: ERC721_ABI, name: 'Transfer' });
const CONSECUTIVE = getAbiItem({ abi: ERC721_ABI, name: 'ConsecutiveTransfer' });

type Network = ManifestCollection['network'];

interface ChainTransfer {
  tokenId: bigint;
  from: string;
  to: string;
  blockNumber: bigint;
  logIndex: number;
  txHash: string;
}

/**
 * The collection's moves up to `toBlock` (of one token if given), oldest first: its Transfer logs,
 * and its EIP-2309 ConsecutiveTransfer logs one entry per token.
 */
async function transferLogs(
  network: Network,
  contract: string,
  toBlock: bigint,
  tokenId?: bigint,
): Promise<ChainTransfer[]> {
  const logs = await chainClient(network).getLogs({
    address: contract as Address,
    events: [TRANSFER, CONSECUTIVE],
    fromBlock: 0n,
    toBlock,
    strict: true,
  });
  const moves = logs.flatMap((log) => {
    const at = {
      blockNumber: log.blockNumber,
      logIndex: log.logIndex,
      txHash: log.transactionHash.toLowerCase(),
    };
    if (log.eventName === 'Transfer') {
      const { from, to } = log.args;
      return [{ ...at, tokenId: log.args.tokenId, from: from.toLowerCase(), to: to.toLowerCase() }];
    }
    const { fromTokenId, toTokenId, fromAddress, toAddress } = log.args;
    return Array.from({ length: Number(toTokenId - fromTokenId) + 1 }, (_, index) => ({
      ...at,
      tokenId: fromTokenId + BigInt(index),
      from: fromAddress.toLowerCase(),
      to: toAddress.toLowerCase(),
    }));
  });
  return moves
    .filter((move) => tokenId === undefined || move.tokenId === tokenId)
    .sort((a, b) =>
      a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
    );
}

/** The owner of each token the collection ever minted, by ownerOf at `block` (burned ones left out). */
async function ownersOnChain(
  network: Network,
  contract: string,
  tokenIds: readonly bigint[],
  block: bigint,
): Promise<Map<bigint, string>> {
  const client = chainClient(network);
  const answers = await Promise.allSettled(
    tokenIds.map((tokenId) =>
      client.readContract({
        address: contract as Address,
        abi: ERC721_ABI,
        functionName: 'ownerOf',
        args: [tokenId],
        blockNumber: block,
      }),
    ),
  );
  const owners = new Map<bigint, string>();
  answers.forEach((answer, index) => {
    // A burned token's ownerOf reverts (OpenZeppelin: ERC721NonexistentToken).
    if (answer.status === 'fulfilled') owners.set(tokenIds[index]!, answer.value.toLowerCase());
  });
  return owners;
}

/** A block's time as the web app writes it in a `<time dateTime>`. */
async function blockTime(network: Network, blockNumber: bigint): Promise<string> {
  const block = await chainClient(network).getBlock({ blockNumber });
  return new Date(Number(block.timestamp) * 1000).toISOString();
}

/** "block #N" (no time kept) or the `<time>`'s dateTime of a cell that shows a block's time. */
async function shownTime(cell: Locator): Promise<string> {
  const time = cell.locator('time');
  if ((await time.count()) > 0) return (await time.first().getAttribute('datetime')) ?? '';
  return (await cell.innerText()).trim();
}

/** "1,234 holders" → 1234. */
function count(text: string): number {
  const digits = /[\d,]+/.exec(text)?.[0];
  if (!digits) throw new Error(`no count in "${text}"`);
  return Number(digits.replaceAll(',', ''));
}

maybe('ownership in Chromium equals the chain', () => {
  const web = useBrowserSystem(
    {
      prefix: testPrefix('ownership-on-chain'),
      port: 3289 + TEST_PORT_OFFSET,
      workers: 1,
      env: { INDEX_INTERVAL_MS: '250' },
    },
    SCAN_TIMEOUT,
  );
  let context: BrowserContext;
  let manifest: ReturnType<typeof readTestManifest>;
  const measured: string[] = [];

  const byName = (name: string) => {
    const collection = manifest.collections.find((c) => c.name === name);
    if (!collection) throw new Error(`no ${name} in the test manifest`);
    return collection;
  };
  /**
   * Every transaction of the chain gets its confirmations (the seeding's last blocks have none, as a
   * test's transfer has none), then the index takes them: nothing else moves the test chain, so from
   * here on the index has what the chain has, and the screen can be compared with it.
   */
  const settled = async (network: Network, address: string) => {
    await mineTestBlocks(network, INDEX_CONFIRMATIONS);
    await waitForIndex(web.system.url, network, address, INDEX_TIMEOUT);
  };
  const galleryUrl = (collection: ManifestCollection, extra = '') =>
    `/?view=collection&network=${collection.network}&address=${collection.address}${extra}`;

  beforeAll(async () => {
    manifest = readTestManifest();
    context = await web.visitor();
  }, SCAN_TIMEOUT);

  afterAll(async () => {
    if (measured.length) console.log(measured.join('\n'));
  });

  it(
    'shows the owner and history the chain has in the NFT dialog, with a transfer made in the test',
    async () => {
      const started = Date.now();
      // A small ERC-721 of ethereum with a burn and a transfer in its seeding.
      const collection = byName('Nexus Oddities');
      const { network, address } = collection;

      await settled(network, address);

      // The token that moved most (after its mint), still held: it goes back to its previous owner,
      // so "held since" has to be this transfer, not the owner's first receipt of the token.
      const seeded = await transferLogs(network, address, BigInt(await chainHead(network)));
      const moves = new Map<bigint, ChainTransfer[]>();
      for (const log of seeded) moves.set(log.tokenId, [...(moves.get(log.tokenId) ?? []), log]);
      const [tokenId, before] = [...moves.entries()]
        .filter(([, logs]) => logs.at(-1)!.to !== ZERO)
        .sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : 1))[0]!;
      const owner = before.at(-1)!.to;
      const previous = before.length > 1 ? before.at(-1)!.from : `0x${randomBytes(20).toString('hex')}`;
      expect(previous).not.toBe(ZERO);

      const page = await context.newPage();
      await page.goto(galleryUrl(collection));
      const card = page.locator(`[data-testid="nft-card"][data-token-id="${tokenId}"]`);
      await card.waitFor({ timeout: SCAN_TIMEOUT });

      const hash = await transferOnChain(network, address, tokenId, owner, previous);
      const receipt = await minedReceipt(chainClient(network), hash);
      expect(receipt.status).toBe('success');
      await settled(network, address);

      // The chain, as far as the index may have it (the blocks with their confirmations).
      const confirmed = BigInt((await chainHead(network)) - INDEX_CONFIRMATIONS);
      const history = (await transferLogs(network, address, confirmed, tokenId)).reverse();
      const [chainOwner] = (await ownersOnChain(network, address, [tokenId], confirmed)).values();
      expect(history.length).toBe(before.length + 1);
      expect(history[0]!.txHash).toBe(hash.toLowerCase());
      expect(chainOwner).toBe(previous);

      await card.click();
      const dialog = page.getByTestId('nft-detail');
      await dialog.waitFor();
      const rows = dialog.getByTestId('nft-history').getByTestId('activity-row');
      await rows.nth(history.length - 1).waitFor({ timeout: 30_000 });
      expect(await rows.count()).toBe(history.length);

      // The owner: ownerOf, held since the transfer that gave it the token last. The owners are
      // asked beside the history: on a busy machine they may come after it.
      const holders = dialog.getByTestId('nft-holder');
      await holders
        .filter({ has: page.locator(`[data-testid="nft-holder-address"][title="${chainOwner}" i]`) })
        .waitFor({ timeout: 30_000 });
      expect(await holders.count()).toBe(1);
      expect((await holders.getByTestId('nft-holder-address').getAttribute('title'))?.toLowerCase()).toBe(
        chainOwner,
      );
      const since = dialog.getByTestId('nft-held-since');
      const lastReceipt = history.find((log) => log.to === chainOwner)!;
      expect(lastReceipt.txHash).toBe(hash.toLowerCase());
      const sinceTime = await blockTime(network, lastReceipt.blockNumber);
      // Not the owner's first receipt of the token (the mint, some blocks and seconds earlier).
      expect(sinceTime).not.toBe(await blockTime(network, history.at(-1)!.blockNumber));
      const sinceShown = await shownTime(since);
      expect([sinceTime, `held since block #${lastReceipt.blockNumber}`]).toContain(sinceShown);

      // The history: every Transfer log of the token, newest first, each with its kind, time,
      // sender, recipient and transaction.
      const shown = await Promise.all(
        (await rows.all()).map(async (row) => {
          const cells = row.getByRole('cell');
          return {
            kind: (await cells.nth(0).innerText()).trim(),
            time: await shownTime(cells.nth(1)),
            from: (await row.getByTestId('activity-from').getAttribute('title'))?.toLowerCase(),
            to: (await row.getByTestId('activity-to').getAttribute('title'))?.toLowerCase(),
            tx: (await row.getByTestId('activity-tx').getAttribute('title'))?.toLowerCase(),
          };
        }),
      );
      const onChain = await Promise.all(
        history.map(async (log) => {
          const time = await blockTime(network, log.blockNumber);
          return {
            kind: log.from === ZERO ? 'Mint' : log.to === ZERO ? 'Burn' : 'Transfer',
            time,
            from: log.from,
            to: log.to,
            tx: log.txHash,
          };
        }),
      );
      // A row without a kept time shows its block instead.
      const expected = onChain.map((row, index) =>
        shown[index]?.time.startsWith('block #')
          ? { ...row, time: `block #${history[index]!.blockNumber}` }
          : row,
      );
      expect(shown).toEqual(expected);
      expect(shown.map((row) => row.kind).at(-1)).toBe('Mint');

      measured.push(
        `[ownership-on-chain] ${collection.name} #${tokenId}: owner and ${history.length} history rows ` +
          `equal the chain, held since ${sinceShown}; test ${Date.now() - started} ms`,
      );
    },
    SCAN_TIMEOUT + INDEX_TIMEOUT,
  );

  // A small collection (a burn, demo wallets), a larger one whose holders hold from 1 to dozens, and
  // one minted in EIP-2309 batches of hundreds (ConsecutiveTransfer, no Transfer per token).
  it.each([['Nexus Oddities'], ['Nexus Cronos Critters'], ['Nexus Cronos Genesis']])(
    'shows the holders and distribution of %s that the chain has',
    async (name) => {
      const started = Date.now();
      const collection = byName(name);
      const { network, address } = collection;
      await settled(network, address);

      // From the chain: every token ever minted (its logs), its owner by ownerOf.
      const confirmed = BigInt((await chainHead(network)) - INDEX_CONFIRMATIONS);
      const logs = await transferLogs(network, address, confirmed);
      const minted = [...new Set(logs.filter((log) => log.from === ZERO).map((log) => log.tokenId))];
      const owners = await ownersOnChain(network, address, minted, confirmed);
      // The logs replayed give the same owners: the test's own reading of the chain agrees with itself.
      const replayed = new Map<bigint, string>();
      for (const log of logs) {
        if (log.to === ZERO) replayed.delete(log.tokenId);
        else replayed.set(log.tokenId, log.to);
      }
      expect(owners).toEqual(replayed);

      const tokensOf = new Map<string, number>();
      for (const owner of owners.values()) tokensOf.set(owner, (tokensOf.get(owner) ?? 0) + 1);
      const ranked = [...tokensOf.entries()]
        .map(([owner, tokens]) => ({ owner, tokens }))
        .sort((a, b) => b.tokens - a.tokens || (a.owner < b.owner ? -1 : 1));
      const held = owners.size;
      const buckets = [
        { label: '1 token', holders: ranked.filter((h) => h.tokens === 1).length },
        { label: '2–5 tokens', holders: ranked.filter((h) => h.tokens >= 2 && h.tokens <= 5).length },
        { label: '6–24 tokens', holders: ranked.filter((h) => h.tokens >= 6 && h.tokens <= 24).length },
        { label: '25+ tokens', holders: ranked.filter((h) => h.tokens >= 25).length },
      ];

      const page = await context.newPage();
      await page.goto(galleryUrl(collection, '&tab=holders'));
      const panel = page.getByTestId('collection-holders');
      await panel.getByTestId('holders-count').waitFor({ timeout: SCAN_TIMEOUT });

      // Unique holders, tokens held and the distribution.
      expect(count(await panel.getByTestId('holders-count').innerText())).toBe(ranked.length);
      expect(count(await panel.getByTestId('holders-held').innerText())).toBe(held);
      const distribution = await Promise.all(
        (await panel.getByTestId('holder-bucket').all()).map(async (bucket) => ({
          label: (await bucket.getByTestId('holder-bucket-label').innerText()).trim(),
          holders: count(await bucket.getByTestId('holder-bucket-count').innerText()),
        })),
      );
      expect(distribution).toEqual(buckets);

      // The top holders, two pages of them (the second from the first's cursor): owner and tokens.
      const rows = panel.getByTestId('top-holder');
      await rows.first().waitFor({ timeout: 60_000 });
      const firstPage = await rows.count();
      const more = panel.getByTestId('holders-more');
      if (await more.isVisible()) {
        await more.click();
        await rows
          .nth(firstPage)
          .waitFor({ timeout: 60_000 })
          .catch(async (error: unknown) => {
            // What the panel showed instead (an error text, a button still loading) says more.
            const shown = await panel.innerText().catch(() => '');
            throw new Error(`no row ${firstPage + 1} after Load more holders; the panel: ${shown}`, {
              cause: error,
            });
          });
      }
      const top = await Promise.all(
        (await rows.all()).map(async (row) => ({
          owner: (await row.getByTestId('top-holder-address').getAttribute('title'))?.toLowerCase(),
          tokens: count(await row.getByTestId('top-holder-tokens').innerText()),
        })),
      );
      expect(top).toEqual(ranked.slice(0, top.length));
      if (ranked.length > firstPage) expect(top.length).toBeGreaterThan(firstPage);
      else expect(top.length).toBe(ranked.length);

      measured.push(
        `[ownership-on-chain] ${name} (${minted.length} tokens minted, ${held} held): ` +
          `${ranked.length} holders, buckets ${buckets.map((b) => `${b.label} ${b.holders}`).join(', ')}, ` +
          `top ${top.length} equal the chain; test ${Date.now() - started} ms`,
      );
    },
    SCAN_TIMEOUT + INDEX_TIMEOUT,
  );
});
