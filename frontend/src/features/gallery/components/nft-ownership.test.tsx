import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  API_ROUTES,
  apiPath,
  type ActivityEvent,
  type ActivityPage,
  type HistoryProgress,
  type Network,
  type NetworksResponse,
  type TokenOwnersPage,
} from '@nexus/contract';
import { installFetch, jsonResponse, removeFetch, statusResponse } from '../../../testing/fake-fetch';
import { NftOwnership } from './nft-ownership';
import { renderWithQueries } from '../../../testing/render-with-queries';
import {
  INDEX_COVERED,
  INDEX_NOT_COVERED,
  testActivityEvent,
  testTxHash as TX,
  ZERO_ADDRESS as ZERO,
} from '../../../testing/test-activity';

const CONTRACT = '0x5555555555555555555555555555555555555555';
const ALICE = '0xa11ce00000000000000000000000000000000001';
const BOB = '0xb0b0000000000000000000000000000000000002';
const CAROL = '0xca201000000000000000000000000000000000003';
const COVERED = { ...INDEX_COVERED, names: {} };
const NOT_COVERED = { ...INDEX_NOT_COVERED, names: {} };
const NETWORKS: NetworksResponse = {
  networks: [
    { network: 'polygon', chainId: 137, devchain: false },
    { network: 'ethereum', chainId: 31337, devchain: true },
  ],
};

const event = (kind: ActivityEvent['kind'], from: string, to: string, block: number): ActivityEvent =>
  testActivityEvent({ contract: CONTRACT, tokenId: '7', kind, from, to, blockNumber: block });

const paths = (network: Network) => {
  const params = { network, address: CONTRACT, tokenId: '7' };
  return {
    owners: apiPath(API_ROUTES.tokenOwners, params),
    history: apiPath(API_ROUTES.tokenHistory, params),
  };
};

/** Answers the owners and history routes from the given pages, keyed by the `cursor` asked for. */
function serve(
  network: Network,
  owners: Record<string, TokenOwnersPage>,
  history: Record<string, ActivityPage> | 'missing',
) {
  const { owners: ownersPath, history: historyPath } = paths(network);
  return installFetch((url) => {
    const cursor = url.searchParams.get('cursor') ?? '';
    if (url.pathname === apiPath(API_ROUTES.networks)) return jsonResponse(NETWORKS);
    if (url.pathname === ownersPath && owners[cursor]) return jsonResponse(owners[cursor]);
    if (url.pathname === historyPath) {
      if (history === 'missing') return statusResponse(404, 'Not Found', '{"message":"Token Not Found"}');
      if (history[cursor]) return jsonResponse(history[cursor]);
    }
    return statusResponse(500, 'unexpected request');
  });
}

function renderOwnership(network: Network = 'polygon') {
  renderWithQueries(<NftOwnership network={network} contractAddress={CONTRACT} tokenId="7" />);
}

/** The text of a table row's cell. */
function cell(row: HTMLElement, index: number): string | null {
  return (row as HTMLTableRowElement).cells[index]!.textContent;
}

describe(NftOwnership.name, () => {
  afterEach(() => removeFetch());

  it('shows the ERC-721 owner, since when it holds it, and the history with explorer links', async () => {
    const mint = event('mint', ZERO, ALICE, 10);
    const transfer = event('transfer', ALICE, BOB, 20);
    serve(
      'polygon',
      {
        '': {
          ...COVERED,
          standard: 'ERC-721',
          burned: false,
          items: [
            { owner: BOB, balance: '1', since: { blockNumber: 20, time: transfer.time, txHash: TX(20) } },
          ],
          next: null,
        },
      },
      { '': { ...COVERED, items: [transfer, mint], next: null, names: { [ALICE]: 'alice.eth' } } },
    );
    renderOwnership();

    const owner = await screen.findByTestId('nft-holder');
    expect(within(owner).getByTitle(BOB).textContent).toBe('0xb0b0...0002');
    expect(owner.textContent).toContain('held since');
    expect(owner.querySelector('time')?.getAttribute('dateTime')).toBe(transfer.time);
    expect(owner.textContent).toContain('Nov 20, 2026');

    const rows = await screen.findAllByTestId('activity-row');
    expect(rows.map((row) => cell(row, 0))).toEqual(['Transfer', 'Mint']);
    // Alice's primary name in place of her address, which stays in the tooltip.
    expect(within(rows[0]!).getByTitle(ALICE).textContent).toBe('alice.eth');
    expect(within(rows[1]!).getByTitle(ALICE).textContent).toBe('alice.eth');
    expect(within(rows[0]!).getByTitle(BOB).textContent).toBe('0xb0b0...0002');
    await waitFor(() =>
      expect(within(rows[0]!).getByTestId('activity-tx').getAttribute('href')).toBe(
        `https://polygonscan.com/tx/${TX(20)}`,
      ),
    );
    expect(screen.queryByTestId('nft-history-more')).toBeNull();
  });

  it('links no transaction on a dev chain', async () => {
    serve(
      'ethereum',
      { '': { ...COVERED, standard: 'ERC-721', burned: false, items: [], next: null } },
      { '': { ...COVERED, items: [event('mint', ZERO, ALICE, 10)], next: null } },
    );
    renderOwnership('ethereum');
    const tx = await screen.findByTestId('activity-tx');
    await waitFor(() => expect(tx.tagName).toBe('CODE'));
    expect(tx.getAttribute('href')).toBeNull();
    expect(tx.getAttribute('title')).toBe(TX(10));
  });

  it('loads more ERC-1155 holders and history with the `next` cursor of the page before', async () => {
    const calls = serve(
      'polygon',
      {
        '': {
          ...COVERED,
          standard: 'ERC-1155',
          burned: false,
          items: [{ owner: ALICE, balance: '40', since: null }],
          next: 'owners-2',
        },
        'owners-2': {
          ...COVERED,
          standard: 'ERC-1155',
          burned: false,
          items: [{ owner: CAROL, balance: '3', since: null }],
          next: null,
          names: { [CAROL]: 'carol.eth' },
        },
      },
      {
        '': { ...COVERED, items: [event('transfer', ALICE, BOB, 30)], next: 'history-2' },
        'history-2': { ...COVERED, items: [event('mint', ZERO, ALICE, 10)], next: null },
      },
    );
    renderOwnership();

    expect((await screen.findByTestId('nft-holder')).textContent).toContain('×40');
    fireEvent.click(screen.getByTestId('nft-holders-more'));
    await waitFor(() => expect(screen.getAllByTestId('nft-holder')).toHaveLength(2));
    expect(screen.getAllByTestId('nft-holder')[1]!.textContent).toContain('×3');
    expect(within(screen.getAllByTestId('nft-holder')[1]!).getByTitle(CAROL).textContent).toBe('carol.eth');
    expect(screen.queryByTestId('nft-holders-more')).toBeNull();

    fireEvent.click(await screen.findByTestId('nft-history-more'));
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2));
    const { owners, history } = paths('polygon');
    const cursors = (path: string) =>
      calls.filter((call) => call.url.pathname === path).map((call) => call.url.searchParams.get('cursor'));
    expect(cursors(owners)).toEqual([null, 'owners-2']);
    expect(cursors(history)).toEqual([null, 'history-2']);
  });

  it('says in one line that the network is not indexed, rather than an error', async () => {
    serve(
      'polygon',
      { '': { ...NOT_COVERED, standard: null, burned: false, items: [], next: null } },
      { '': { ...NOT_COVERED, items: [], next: null } },
    );
    renderOwnership();
    expect((await screen.findByTestId('nft-ownership-unindexed')).textContent).toBe(
      "Ownership history isn't indexed on this network yet.",
    );
    expect(screen.queryByText(/unavailable/i)).toBeNull();
    expect(screen.queryByTestId('nft-history')).toBeNull();
  });

  it("shows how far the collection's history is read, where it is read on demand", async () => {
    const history: HistoryProgress = {
      network: 'polygon',
      contract: CONTRACT,
      state: 'reading',
      fromBlock: 2_000_000,
      indexedTo: 2_500_000,
      toBlock: 4_000_000,
      percent: 25,
    };
    serve(
      'polygon',
      { '': { ...NOT_COVERED, history, standard: null, burned: false, items: [], next: null } },
      { '': { ...NOT_COVERED, history, items: [], next: null } },
    );
    renderOwnership();
    const notice = await screen.findByTestId('nft-ownership-unindexed');
    expect(within(notice).getByTestId('history-status').textContent).toBe(
      "Reading this collection's transfer history… 25%",
    );
    const bar = within(notice).getByRole('progressbar', { name: 'Transfer history read' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(within(notice).getByTestId('history-blocks').textContent).toBe('blocks 2,000,000 – 4,000,000');
    expect(screen.queryByText("Ownership history isn't indexed on this network yet.")).toBeNull();
  });

  it('shows a burned token without an owner, and a token the index never saw without an error', async () => {
    serve(
      'polygon',
      { '': { ...COVERED, standard: 'ERC-721', burned: true, items: [], next: null } },
      'missing',
    );
    renderOwnership();
    expect((await screen.findByTestId('nft-owner-burned')).textContent).toContain('Burned');
    expect(await screen.findByText('No transfer of this token is indexed yet.')).toBeTruthy();
  });
});
