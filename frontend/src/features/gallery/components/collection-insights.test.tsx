// Over 400 lines for that reason: the insights panel's activity, holders and history views share one fake API
// and channel.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  activityKey,
  API_ROUTES,
  apiPath,
  HOLDER_BUCKETS,
  type ActivityEvent,
  type ActivityKind,
  type CollectionHolderStats,
  type CollectionHoldersPage,
  type HistoryProgress,
  type Network,
} from '@nexus/contract';
import {
  setActivityChannel,
  type ActivityChannel,
  type ActivityListener,
} from '../../../lib/activity-channel';
import { FakeListeners } from '../../../testing/fake-listeners';
import { installFetch, jsonResponse, removeFetch, statusResponse } from '../../../testing/fake-fetch';
import { useLiveCollection } from '../hooks/use-live-collection';
import CollectionInsights, { formatShare, type InsightView } from './collection-insights';
import { renderWithQueries } from '../../../testing/render-with-queries';
import {
  INDEX_COVERED,
  INDEX_NOT_COVERED as NOT_COVERED,
  testActivityEvent,
  ZERO_ADDRESS as ZERO,
} from '../../../testing/test-activity';

const CONTRACT = '0x6666666666666666666666666666666666666666';
const holder = (n: number) => `0x${String(n).padStart(40, '0')}`;
const COVERED = { ...INDEX_COVERED, toBlock: 900 };
const params = { network: 'polygon' as Network, address: CONTRACT };
const ACTIVITY = apiPath(API_ROUTES.collectionActivity, params);
const HOLDERS = apiPath(API_ROUTES.collectionHolders, params);
const STATS = apiPath(API_ROUTES.collectionHolderStats, params);
const PER_DAY = apiPath(API_ROUTES.collectionTransfersPerDay, params);
const DAYS = [
  { day: '2026-11-25', transfers: 4 },
  { day: '2026-11-26', transfers: 0 },
  { day: '2026-11-27', transfers: 9 },
];

function event(kind: ActivityKind, tokenId: number): ActivityEvent {
  return testActivityEvent({
    contract: CONTRACT,
    tokenId: String(tokenId),
    kind,
    from: kind === 'mint' ? ZERO : holder(1),
    to: kind === 'burn' ? ZERO : holder(2),
    blockNumber: 100 + tokenId,
    time: '2026-11-20T10:00:00.000Z',
    txHash: null,
  });
}

/** A feed of 3 events per kind, 2 a page: the page after cursor `<kind>:1` is the rest. */
function feedPage(url: URL) {
  const kind = url.searchParams.get('kind') as ActivityKind | null;
  const cursor = url.searchParams.get('cursor');
  const kinds: ActivityKind[] = kind ? [kind] : ['mint', 'transfer', 'burn'];
  const all = kinds.flatMap((k, i) => [1, 2, 3].map((n) => event(k, i * 10 + n)));
  const start = cursor ? 2 : 0;
  const items = all.slice(start, start + 2);
  return {
    ...COVERED,
    items,
    next: start + 2 < all.length ? `${kind ?? 'all'}:1` : null,
    names: { [holder(2)]: 'bob.eth' },
  };
}

const STATS_ANSWER: CollectionHolderStats = {
  ...COVERED,
  holders: 1234,
  held: '5000',
  distribution: HOLDER_BUCKETS.map((bucket, i) => ({ ...bucket, holders: [1000, 200, 30, 4][i]! })),
};

function holdersPage(url: URL): CollectionHoldersPage {
  const second = url.searchParams.get('cursor') === 'holders-2';
  return {
    ...COVERED,
    holders: 1234,
    held: '5000',
    items: second
      ? [{ owner: holder(3), tokens: '1', share: 0.00002 }]
      : [
          { owner: holder(1), tokens: '600', share: 0.12 },
          { owner: holder(2), tokens: '250', share: 0.05 },
        ],
    next: second ? null : 'holders-2',
    names: second ? { [holder(3)]: 'late.eth' } : { [holder(1)]: 'whale.eth' },
  };
}

function serve(indexed = true) {
  return installFetch((url) => {
    if (url.pathname === apiPath(API_ROUTES.networks)) return jsonResponse({ networks: [] });
    if (!indexed) {
      if (url.pathname === STATS)
        return jsonResponse({ ...NOT_COVERED, holders: 0, held: '0', distribution: [] });
      if (url.pathname === HOLDERS || url.pathname === ACTIVITY)
        return jsonResponse({ ...NOT_COVERED, holders: 0, held: '0', items: [], next: null });
    }
    if (url.pathname === ACTIVITY) return jsonResponse(feedPage(url));
    if (url.pathname === HOLDERS) return jsonResponse(holdersPage(url));
    if (url.pathname === STATS) return jsonResponse(STATS_ANSWER);
    if (url.pathname === PER_DAY) return jsonResponse({ ...COVERED, days: DAYS });
    return statusResponse(500, 'unexpected request');
  });
}

function renderView(view: InsightView) {
  renderWithQueries(<CollectionInsights view={view} network="polygon" contractAddress={CONTRACT} />);
}

const kinds = () => screen.getAllByTestId('activity-row').map((row) => cell(row, 0));

/** The text of a table row's cell. */
function cell(row: HTMLElement, index: number): string | null {
  return (row as HTMLTableRowElement).cells[index]!.textContent;
}

describe('CollectionInsights', () => {
  // jsdom has no canvas: the chart's bars are not drawn here, its sentence and table are.
  beforeEach(() => {
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    removeFetch();
    jest.restoreAllMocks();
  });

  it('filters the feed by kind: a new query with `kind`, paged from its own first page', async () => {
    const calls = serve();
    renderView('activity');
    await waitFor(() => expect(kinds()).toEqual(['Mint', 'Mint']));
    expect(screen.getByTestId('activity-filter-all').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('activity-filter-burn'));
    await waitFor(() => expect(kinds()).toEqual(['Burn', 'Burn']));
    expect(screen.getByTestId('activity-filter-burn').getAttribute('aria-pressed')).toBe('true');
    const feedCalls = calls.filter((call) => call.url.pathname === ACTIVITY);
    expect(feedCalls.map((call) => call.url.searchParams.get('kind'))).toEqual([null, 'burn']);
    expect(feedCalls[1]!.url.searchParams.get('cursor')).toBeNull();

    fireEvent.click(screen.getByTestId('activity-more'));
    await waitFor(() => expect(kinds()).toEqual(['Burn', 'Burn', 'Burn']));
    const last = calls.filter((call) => call.url.pathname === ACTIVITY).at(-1)!;
    expect(last.url.searchParams.get('kind')).toBe('burn');
    expect(last.url.searchParams.get('cursor')).toBe('burn:1');
    expect(screen.queryByTestId('activity-more')).toBeNull();
    expect(within(screen.getByTestId('activity-feed')).getAllByText(/^#\d+$/)).toHaveLength(3);
  });

  it('shows holders, their shares, the distribution, and loads more by cursor', async () => {
    const calls = serve();
    renderView('holders');
    expect((await screen.findByTestId('holders-count')).textContent).toBe('1,234');
    const buckets = within(screen.getByTestId('holder-distribution')).getAllByRole('listitem');
    expect(buckets.map((item) => item.textContent)).toEqual([
      '1 token1,000 holders',
      '2–5 tokens200 holders',
      '6–24 tokens30 holders',
      '25+ tokens4 holders',
    ]);
    const rows = await screen.findAllByTestId('top-holder');
    expect(rows.map((row) => cell(row, 3))).toEqual(['12.00%', '5.00%']);

    fireEvent.click(screen.getByTestId('holders-more'));
    await waitFor(() => expect(screen.getAllByTestId('top-holder')).toHaveLength(3));
    expect(cell(screen.getAllByTestId('top-holder')[2]!, 3)).toBe('<0.01%');
    expect(
      calls
        .filter((call) => call.url.pathname === HOLDERS)
        .map((call) => call.url.searchParams.get('cursor')),
    ).toEqual([null, 'holders-2']);
  });

  it("shows the pages' primary names as text, the address in the tooltip", async () => {
    serve();
    renderView('activity');
    await waitFor(() => expect(kinds()).toEqual(['Mint', 'Mint']));
    const [row] = screen.getAllByTestId('activity-row');
    const route = row!.querySelector('.activity__route')!;
    expect(route.textContent).toBe(`0x0000...0000 → bob.eth`);
    expect(within(row!).getByTestId('activity-to').getAttribute('title')).toBe(holder(2));
    expect(within(row!).getByTestId('activity-to').classList.contains('activity__name')).toBe(true);
  });

  it('names holders with the names of the page they came on', async () => {
    serve();
    renderView('holders');
    const rows = await screen.findAllByTestId('top-holder');
    expect(rows.map((row) => cell(row, 1)?.trim())).toEqual(['whale.eth', '0x0000...0002']);
    fireEvent.click(screen.getByTestId('holders-more'));
    await waitFor(() => expect(screen.getAllByTestId('top-holder')).toHaveLength(3));
    const shown = screen.getAllByTestId('top-holder-address');
    expect(shown.map((name) => [name.textContent, name.getAttribute('title')])).toEqual([
      ['whale.eth', holder(1)],
      ['0x0000...0002', holder(2)],
      ['late.eth', holder(3)],
    ]);
  });

  it('says the network is not indexed instead of empty figures', async () => {
    serve(false);
    renderView('holders');
    expect((await screen.findByTestId('holders-unindexed')).textContent).toBe(
      "Ownership history isn't indexed on this network yet.",
    );
    expect(screen.queryByTestId('holders-count')).toBeNull();
  });

  it('says the same in the activity view', async () => {
    serve(false);
    renderView('activity');
    expect(await screen.findByTestId('activity-unindexed')).toBeTruthy();
    expect(screen.queryByTestId('activity-feed')).toBeNull();
  });

  it('shows transfers per day with a sentence and a table for those who do not see the bars', async () => {
    serve();
    renderView('activity');
    expect((await screen.findByTestId('transfers-summary')).textContent).toBe(
      '13 transfers in the last 3 days; the busiest day was 2026-11-27 with 9.',
    );
    const table = within(screen.getByTestId('transfers-chart')).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Day (UTC)Transfers', '2026-11-254', '2026-11-260', '2026-11-279']);
  });

  it('says a collection the index never saw has no transfers yet, rather than an error', async () => {
    installFetch(() => statusResponse(404, 'Not Found', '{"message":"Collection Not Found"}'));
    renderView('activity');
    expect(await screen.findByText('No transfer of this collection is indexed yet.')).toBeTruthy();
    expect(screen.queryByText(/unavailable/)).toBeNull();
  });

  it('formats a share as a percentage', () => {
    expect(formatShare(0.123456)).toBe('12.35%');
    expect(formatShare(0)).toBe('0.00%');
    expect(formatShare(0.00005)).toBe('<0.01%');
  });
});

/** The collection's activity room with no server: the test says what the workers send. */
class FakeActivityChannel extends FakeListeners<ActivityListener> implements ActivityChannel {
  readonly followed: string[] = [];

  follow(key: string): void {
    this.followed.push(key);
  }

  unfollow(key: string): void {
    this.followed.splice(this.followed.indexOf(key), 1);
  }

  history(event: HistoryProgress): void {
    act(() => this.emit((listener) => listener.history?.(event)));
  }
}

describe('CollectionInsights while the history is read on demand', () => {
  const reading = (percent: number): HistoryProgress => ({
    network: 'polygon',
    contract: CONTRACT,
    state: 'reading',
    fromBlock: 12_345_678,
    indexedTo: 12_345_678 + percent * 6546,
    toBlock: 13_000_000,
    percent,
  });
  const complete: HistoryProgress = { ...reading(100), state: 'complete', indexedTo: 13_000_000 };
  let channel: FakeActivityChannel;

  /** The API answers with `where().history` until the history is complete, then from the index. */
  function serveHistory(where: () => HistoryProgress) {
    return installFetch((url) => {
      const history = where();
      if (url.pathname === apiPath(API_ROUTES.networks)) return jsonResponse({ networks: [] });
      if (history.state !== 'complete') {
        const uncovered = { ...NOT_COVERED, history };
        if (url.pathname === STATS)
          return jsonResponse({ ...uncovered, holders: 0, held: '0', distribution: [] });
        if (url.pathname === HOLDERS || url.pathname === ACTIVITY)
          return jsonResponse({ ...uncovered, holders: 0, held: '0', items: [], next: null });
        if (url.pathname === PER_DAY) return jsonResponse({ ...uncovered, days: [] });
      }
      if (url.pathname === ACTIVITY) return jsonResponse(feedPage(url));
      if (url.pathname === HOLDERS) return jsonResponse(holdersPage(url));
      if (url.pathname === STATS) return jsonResponse(STATS_ANSWER);
      if (url.pathname === PER_DAY) return jsonResponse({ ...COVERED, days: DAYS });
      return statusResponse(500, 'unexpected request');
    });
  }

  /** The views as the gallery shows them: following the collection's activity room. */
  function LiveInsights({ view }: { view: InsightView }) {
    useLiveCollection('polygon', CONTRACT, true);
    return <CollectionInsights view={view} network="polygon" contractAddress={CONTRACT} />;
  }

  function renderLive(view: InsightView) {
    renderWithQueries(<LiveInsights view={view} />);
  }

  const bar = () => screen.getByRole('progressbar', { name: 'Transfer history read' });

  beforeEach(() => {
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    channel = new FakeActivityChannel();
    setActivityChannel(channel);
  });
  afterEach(() => {
    setActivityChannel(null);
    removeFetch();
    jest.restoreAllMocks();
  });

  it('shows how far the history is read, with a bar and its blocks, instead of "not indexed"', async () => {
    serveHistory(() => reading(42));
    renderView('activity');
    expect((await screen.findByTestId('history-status')).textContent).toBe(
      "Reading this collection's transfer history… 42%",
    );
    expect(bar().getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByTestId('history-blocks').textContent).toBe('blocks 12,345,678 – 13,000,000');
    expect(screen.queryByText("Ownership history isn't indexed on this network yet.")).toBeNull();
    expect(screen.queryByTestId('activity-feed')).toBeNull();
  });

  it('says a queued history is queued, in the Holders view too', async () => {
    serveHistory(() => ({ ...reading(0), state: 'queued', fromBlock: null, indexedTo: null, toBlock: null }));
    renderView('holders');
    const notice = await screen.findByTestId('holders-unindexed');
    expect(within(notice).getByTestId('history-status').textContent).toBe('Transfer history queued…');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByTestId('holders-count')).toBeNull();
  });

  it('moves the bar as the history events of this collection arrive, without asking the API again', async () => {
    const calls = serveHistory(() => reading(42));
    renderLive('holders');
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('42'));
    expect(channel.followed).toEqual([activityKey('collection', 'polygon', CONTRACT)]);
    const asked = calls.length;

    channel.history(reading(80));
    await waitFor(() =>
      expect(screen.getByTestId('history-status').textContent).toBe(
        "Reading this collection's transfer history… 80%",
      ),
    );
    expect(bar().getAttribute('aria-valuenow')).toBe('80');
    // Another collection's history is not this one's; then this one's moves on again.
    channel.history({ ...reading(99), contract: holder(9) });
    channel.history(reading(85));
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('85'));
    expect(calls.length).toBe(asked);
  });

  it('reads the lists again once the history is complete: they appear without a reload', async () => {
    let history = reading(97);
    const calls = serveHistory(() => history);
    renderLive('activity');
    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('97'));
    const feedCalls = () => calls.filter((call) => call.url.pathname === ACTIVITY).length;
    expect(feedCalls()).toBe(1);

    history = complete;
    channel.history(complete);
    await waitFor(() => expect(kinds()).toEqual(['Mint', 'Mint']));
    expect(feedCalls()).toBe(2);
    expect(screen.queryByTestId('history-status')).toBeNull();
    expect(await screen.findByTestId('transfers-summary')).toBeTruthy();
  });
});
