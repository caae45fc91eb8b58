import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ROUTES, FINGERPRINT_STORAGE_KEY, type CollectionSubmission } from '@nexus/contract';
import { VoteWidget } from './vote-widget';
import {
  deferredReply,
  findToast,
  renderInApp,
  resetApp,
  stubFetch,
  type FakeReply,
} from '../../../testing/app-harness';
import { routeKey } from '../../../testing/fake-fetch';
import { testSubmission } from '../../../testing/test-submission';
import { VotePage } from './vote-page';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const FINGERPRINT = 'k3x9q2a';
const LIST = routeKey(API_ROUTES.votingSubmissions);

function submission(id: string, overrides: Partial<CollectionSubmission> = {}): CollectionSubmission {
  return testSubmission({
    id,
    name: `Collection ${id}`,
    description: 'A community collection',
    ...overrides,
  });
}

/** Ends `ms` from now, with half a minute of slack so the floor of the countdown is stable. */
const endsIn = (ms: number) => new Date(Date.now() + ms + 30_000).toISOString();

const card = (name: string) =>
  screen.getByRole('heading', { name }).closest<HTMLElement>('[data-testid="voting-card"]')!;

beforeEach(() => {
  window.localStorage.setItem(FINGERPRINT_STORAGE_KEY, FINGERPRINT);
});

afterEach(() => {
  resetApp();
  window.localStorage.clear();
});

describe(VotePage.name, () => {
  it('shows the explainer, then each card with its counts, countdown and projection', async () => {
    stubFetch({
      [LIST]: {
        body: [
          submission('a', {
            yesVotes: 40,
            noVotes: 20,
            totalVotes: 60,
            votingEndsAt: endsIn(2 * DAY + 5 * HOUR),
          }),
          submission('b', {
            yesVotes: 25,
            noVotes: 25,
            totalVotes: 50,
            votingEndsAt: endsIn(3 * HOUR + 20 * MINUTE),
          }),
          submission('c', { yesVotes: 3, noVotes: 1, totalVotes: 4, votingEndsAt: endsIn(42 * MINUTE) }),
        ],
      },
      [routeKey(API_ROUTES.voteCheck, { id: 'a' })]: { body: { hasVoted: false } },
      [routeKey(API_ROUTES.voteCheck, { id: 'b' })]: { body: { hasVoted: false } },
      [routeKey(API_ROUTES.voteCheck, { id: 'c' })]: { body: { hasVoted: false } },
    });
    renderInApp(<VotePage />, { route: '/vote' });

    expect(screen.getByText('Loading voting submissions...')).toBeTruthy();
    for (const tile of ['50 Vote Minimum', 'Majority Yes', '7 Day Voting']) {
      expect(screen.getByRole('heading', { name: tile })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Submit Collection' }).getAttribute('href')).toBe(
      '/submit-collection',
    );
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/');

    await screen.findByRole('heading', { name: 'Collection a' });
    const a = within(card('Collection a'));
    expect(a.getByText('Active')).toBeTruthy();
    expect(a.getByText('Yes 40')).toBeTruthy();
    expect(a.getByText('No 20')).toBeTruthy();
    expect(a.getByText('60 votes')).toBeTruthy();
    expect(a.getByRole('img', { name: '67% yes, 33% no' })).toBeTruthy();
    expect(a.getByText('2d 5h remaining')).toBeTruthy();
    expect(a.getByText('Will be approved if voting ended now')).toBeTruthy();

    const b = within(card('Collection b'));
    expect(b.getByText('3h 20m remaining')).toBeTruthy();
    expect(b.getByText('Would be rejected if voting ended now')).toBeTruthy();

    const c = within(card('Collection c'));
    expect(c.getByText('42m remaining')).toBeTruthy();
    expect(c.getByText('Needs 46 more votes to reach the 50 vote minimum')).toBeTruthy();
    expect((c.getByRole('button', { name: 'Vote Yes' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the voted state from the check of this browser fingerprint', async () => {
    const { calls } = stubFetch({
      [LIST]: { body: [submission('a'), submission('b')] },
      [routeKey(API_ROUTES.voteCheck, { id: 'a' })]: { body: { hasVoted: true } },
      [routeKey(API_ROUTES.voteCheck, { id: 'b' })]: { body: { hasVoted: false } },
    });
    renderInApp(<VotePage />, { route: '/vote' });

    await screen.findByText('✓ You have voted on this submission');
    const a = within(card('Collection a'));
    const voted = a.getAllByRole('button', { name: 'Voted' }) as HTMLButtonElement[];
    expect(voted).toHaveLength(2);
    expect(voted.every((button) => button.disabled)).toBe(true);
    const b = within(card('Collection b'));
    expect(b.queryByText('✓ You have voted on this submission')).toBeNull();
    expect((b.getByRole('button', { name: 'Vote No' }) as HTMLButtonElement).disabled).toBe(false);
    const checks = calls.filter((call) => call.path.endsWith('/check'));
    expect(checks.map((call) => call.query.get('fingerprint'))).toEqual([FINGERPRINT, FINGERPRINT]);
  });

  it('hides the vote buttons once voting has ended', async () => {
    stubFetch({
      [LIST]: { body: [submission('old', { votingEndsAt: new Date(Date.now() - MINUTE).toISOString() })] },
      [routeKey(API_ROUTES.voteCheck, { id: 'old' })]: { body: { hasVoted: false } },
    });
    renderInApp(<VotePage />, { route: '/vote' });

    await screen.findByText('Voting ended');
    expect(within(card('Collection old')).queryAllByRole('button')).toHaveLength(0);
  });

  it('records a vote, disables the buttons meanwhile, then refreshes the list and the check', async () => {
    const user = userEvent.setup();
    const vote = deferredReply();
    let voted = false;
    const { calls } = stubFetch({
      [LIST]: () => ({ body: [submission('a', voted ? { yesVotes: 1, totalVotes: 1 } : {})] }),
      [routeKey(API_ROUTES.voteCheck, { id: 'a' })]: () => ({ body: { hasVoted: voted } }),
      [routeKey(API_ROUTES.castVote)]: () => vote.promise,
    });
    renderInApp(<VotePage />, { route: '/vote' });

    await user.click(await screen.findByRole('button', { name: 'Vote Yes' }));
    const buttons = within(card('Collection a')).getAllByRole('button') as HTMLButtonElement[];
    expect(buttons.every((button) => button.disabled)).toBe(true);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      submissionId: 'a',
      voteType: 'yes',
      voterFingerprint: FINGERPRINT,
    });

    voted = true;
    vote.resolve({
      status: 201,
      body: { success: true, submissionId: 'a', voteType: 'yes', yesVotes: 1, noVotes: 0, totalVotes: 1 },
    });
    await findToast('Vote Recorded!');
    await screen.findByText('✓ You have voted on this submission');
    expect(within(card('Collection a')).getByText('Yes 1')).toBeTruthy();
    expect(calls.filter((call) => call.path === API_ROUTES.votingSubmissions.path)).toHaveLength(2);
  });

  it("shows the server's refusal, or 'Failed to record vote' when it gave no reason", async () => {
    const user = userEvent.setup();
    let reply: FakeReply = {
      status: 409,
      body: {
        statusCode: 409,
        message: 'You have already voted on this submission within the last 24 hours',
      },
    };
    stubFetch({
      [LIST]: { body: [submission('a')] },
      [routeKey(API_ROUTES.voteCheck, { id: 'a' })]: { body: { hasVoted: false } },
      [routeKey(API_ROUTES.castVote)]: () => reply,
    });
    renderInApp(<VotePage />, { route: '/vote' });

    await user.click(await screen.findByRole('button', { name: 'Vote No' }));
    const refused = await findToast('Vote Failed');
    expect(
      within(refused).getByText('You have already voted on this submission within the last 24 hours'),
    ).toBeTruthy();

    reply = { status: 500 };
    await user.click(screen.getByRole('button', { name: 'Vote No' }));
    await waitFor(() => within(screen.getByTestId('toast')).getByText('Failed to record vote'));
  });

  it("shows an error with Retry when the list cannot be loaded, never 'No Active Voting'", async () => {
    const user = userEvent.setup();
    let up = false;
    stubFetch({
      [LIST]: () =>
        up
          ? { body: [submission('a')] }
          : { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
      [routeKey(API_ROUTES.voteCheck, { id: 'a' })]: { body: { hasVoted: false } },
    });
    renderInApp(<VotePage />, { route: '/vote' });

    // SPEC §7 query policy: two retries (1 s, 2 s) before the failure shows.
    const error = await screen.findByTestId('voting-error', {}, { timeout: 6000 });
    expect(within(error).getByText('Failed to Load Voting Submissions')).toBeTruthy();
    expect(screen.queryByText('No Active Voting')).toBeNull();

    up = true;
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Collection a' });
    expect(screen.queryByTestId('voting-error')).toBeNull();
  });

  it("says 'No Active Voting' with a submit link when nothing is open", async () => {
    stubFetch({ [LIST]: { body: [submission('p', { status: 'pending' })] } });
    renderInApp(<VotePage />, { route: '/vote' });

    await screen.findByRole('heading', { name: 'No Active Voting' });
    expect(screen.getByRole('link', { name: 'Submit a collection' }).getAttribute('href')).toBe(
      '/submit-collection',
    );
  });
});

describe(VoteWidget.name, () => {
  it("shows 'Voted (24h limit)' instead of the buttons, and opens /vote in a new tab", async () => {
    stubFetch({
      [LIST]: { body: [submission('a', { yesVotes: 3, noVotes: 1, totalVotes: 4 }), submission('b')] },
      [routeKey(API_ROUTES.voteCheck, { id: 'a' })]: { body: { hasVoted: true } },
      [routeKey(API_ROUTES.voteCheck, { id: 'b' })]: { body: { hasVoted: false } },
    });
    renderInApp(<VoteWidget />);

    expect(screen.getByRole('heading', { name: 'Active Voting' })).toBeTruthy();
    await screen.findByText('Voted (24h limit)');
    expect(screen.getByLabelText('2 active submissions').textContent).toBe('2');
    const a = within(card('Collection a'));
    expect(a.queryAllByRole('button')).toHaveLength(0);
    expect(a.getByText('75% yes')).toBeTruthy();
    expect(a.getByRole('progressbar', { name: 'Yes votes' }).getAttribute('aria-valuenow')).toBe('75');
    expect(
      within(card('Collection b'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Vote Yes', 'Vote No']);
    const all = screen.getByRole('link', { name: /View All Submissions/ });
    expect(all.getAttribute('href')).toBe('/vote');
    expect(all.getAttribute('target')).toBe('_blank');
  });

  it('falls back to the 24 h explanation when a vote fails without a reason', async () => {
    const user = userEvent.setup();
    stubFetch({
      [LIST]: { body: [submission('a')] },
      [routeKey(API_ROUTES.voteCheck, { id: 'a' })]: { body: { hasVoted: false } },
      [routeKey(API_ROUTES.castVote)]: { status: 500 },
    });
    renderInApp(<VoteWidget />);

    await user.click(await screen.findByRole('button', { name: 'Vote Yes' }));
    const toast = await findToast('Vote Failed');
    expect(
      within(toast).getByText('Failed to record vote. You may have already voted within the last 24 hours.'),
    ).toBeTruthy();
  });
});
