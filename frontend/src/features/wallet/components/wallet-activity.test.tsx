import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  API_ROUTES,
  apiPath,
  type ActivityEvent,
  type ActivityPage,
  type HeldTokensPage,
  type Network,
  type NetworksResponse,
  type Nft,
} from '@nexus/contract';
import { installFetch, jsonResponse, removeFetch, statusResponse } from '../../../testing/fake-fetch';
import { testNft } from '../../../testing/test-nft';
import { WalletActivity, WalletHeldSince } from './wallet-activity';
import { renderWithQueries } from '../../../testing/render-with-queries';
import {
  INDEX_COVERED as COVERED,
  INDEX_NOT_COVERED as NOT_COVERED,
  testActivityEvent,
  testTxHash as TX,
  ZERO_ADDRESS as ZERO,
} from '../../../testing/test-activity';

const WALLET = '0xa11ce00000000000000000000000000000000001';
const OTHER = '0xb0b0000000000000000000000000000000000002';
const APES = '0x5555555555555555555555555555555555555555';
const UNNAMED = '0x6666666666666666666666666666666666666666';
const NETWORKS: NetworksResponse = { networks: [{ network: 'polygon', chainId: 137, devchain: false }] };

/** The wallet's NFTs as its scan found them: Ape #7 of "Wallet Apes" (the other contract unnamed). */
const NFTS: Nft[] = [testNft(APES, 'Wallet Apes', 'Ape', 7)];

const event = (contract: string, tokenId: string, from: string, to: string, block: number): ActivityEvent =>
  testActivityEvent({ contract, tokenId, from, to, blockNumber: block });

const params = { network: 'polygon' as Network, address: WALLET };

/** Answers the wallet's activity and held routes from pages keyed by the `cursor` asked for. */
function serve(activity: Record<string, ActivityPage>, held: Record<string, HeldTokensPage> = {}) {
  return installFetch((url) => {
    const cursor = url.searchParams.get('cursor') ?? '';
    if (url.pathname === apiPath(API_ROUTES.networks)) return jsonResponse(NETWORKS);
    if (url.pathname === apiPath(API_ROUTES.walletActivity, params) && activity[cursor])
      return jsonResponse(activity[cursor]);
    if (url.pathname === apiPath(API_ROUTES.walletHeldTokens, params) && held[cursor])
      return jsonResponse(held[cursor]);
    return statusResponse(500, 'unexpected request');
  });
}

function renderWith(view: 'activity' | 'held') {
  const Component = view === 'activity' ? WalletActivity : WalletHeldSince;
  renderWithQueries(<Component network="polygon" walletAddress={WALLET} nfts={NFTS} />);
}

const cells = (row: HTMLElement) => [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent);

describe(WalletActivity.name, () => {
  afterEach(() => removeFetch());

  it('lists the wallet’s mints, transfers and burns across collections, with more by cursor', async () => {
    serve({
      '': {
        ...COVERED,
        items: [event(APES, '7', OTHER, WALLET, 40), event(UNNAMED, '3', WALLET, ZERO, 30)],
        next: 'c1',
        names: { [WALLET]: 'me.eth' },
      },
      c1: { ...COVERED, items: [event(APES, '9', ZERO, WALLET, 20)], next: null, names: {} },
    });
    renderWith('activity');

    const table = await screen.findByTestId('wallet-activity');
    let rows = within(table).getAllByTestId('activity-row');
    expect(rows.map((row) => cells(row).slice(0, 3))).toEqual([
      ['Transfer', 'Wallet Apes', '#7'],
      ['Burn', '0x6666...6666', '#3'],
    ]);
    // The transaction, linked to the network's explorer (a public network).
    await waitFor(() =>
      expect(within(rows[0]!).getByTestId('activity-tx').getAttribute('href')).toContain(TX(40)),
    );
    expect(within(rows[0]!).getByText('0xb0b0...0002')).toBeTruthy();
    expect(within(rows[0]!).getByTitle(WALLET).textContent).toBe('me.eth');

    fireEvent.click(screen.getByTestId('wallet-activity-more'));
    await waitFor(() => expect(within(table).getAllByTestId('activity-row')).toHaveLength(3));
    rows = within(table).getAllByTestId('activity-row');
    expect(cells(rows[2]!).slice(0, 3)).toEqual(['Mint', 'Wallet Apes', '#9']);
    // Names of the first page name the wallet in the rows of the next.
    expect(within(rows[2]!).getByTitle(WALLET).textContent).toBe('me.eth');
    expect(screen.queryByTestId('wallet-activity-more')).toBeNull();
  });

  it('says so where the network’s index is off', async () => {
    serve({ '': { ...NOT_COVERED, items: [], next: null, names: {} } });
    renderWith('activity');
    expect((await screen.findByTestId('wallet-activity-unindexed')).textContent).toBe(
      "Ownership history isn't indexed on this network yet.",
    );
  });
});

describe(WalletHeldSince.name, () => {
  afterEach(() => removeFetch());

  it('shows since when the wallet holds each NFT, its name where the scan knew it', async () => {
    const since = { blockNumber: 40, time: '2026-11-12T12:00:00.000Z', txHash: TX(40) };
    serve(
      {},
      {
        '': {
          ...COVERED,
          items: [
            { contract: APES, tokenId: '7', standard: 'ERC-721', balance: '1', since },
            { contract: UNNAMED, tokenId: '5', standard: 'ERC-1155', balance: '4', since: null },
          ],
          next: 'h1',
        },
        h1: {
          ...COVERED,
          items: [
            {
              contract: UNNAMED,
              tokenId: '6',
              standard: 'ERC-721',
              balance: '1',
              since: { blockNumber: 12, time: null, txHash: null },
            },
          ],
          next: null,
        },
      },
    );
    renderWith('held');

    const table = await screen.findByTestId('wallet-held');
    const rows = within(table).getAllByTestId('wallet-held-row');
    expect(cells(rows[0]!).slice(0, 2)).toEqual(['Wallet Apes', 'Ape #7']);
    expect(within(rows[0]!).getByTestId('wallet-held-since').textContent).toContain('Nov 12, 2026');
    expect(within(rows[0]!).getByRole('time').getAttribute('dateTime')).toBe(since.time);
    expect(cells(rows[1]!)).toEqual(['0x6666...6666', '#5 ×4', 'unknown']);

    fireEvent.click(screen.getByTestId('wallet-held-more'));
    await waitFor(() => expect(within(table).getAllByTestId('wallet-held-row')).toHaveLength(3));
    const last = within(table).getAllByTestId('wallet-held-row')[2]!;
    // No block time kept for it: the block stands in.
    expect(within(last).getByTestId('wallet-held-since').textContent).toBe('block #12');
  });

  it('says so where the network’s index is off', async () => {
    serve({}, { '': { ...NOT_COVERED, items: [], next: null } });
    renderWith('held');
    expect((await screen.findByTestId('wallet-held-unindexed')).textContent).toBe(
      "Ownership history isn't indexed on this network yet.",
    );
  });
});
