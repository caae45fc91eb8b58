import { describe, expect, it } from '@jest/globals';
import {
  API_ROUTES,
  apiPath,
  AUTO_APPROVE_NOTE,
  VOTING,
  type AdminCollectionSubmission,
  type SubmissionUpdate,
} from '@nexus/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION_KEY, useAdminSession } from '../../stores/admin-session-store';
import {
  fakeNetwork,
  renderAdmin,
  reply,
  toastTexts,
  type SentRequest,
  signedInForEachTest,
} from '../../testing/admin-test-kit';
import { MemoryRouter } from 'react-router-dom';
import { testAdminSubmission } from '../../../../testing/test-submission';
import { SubmissionCard } from './submission-card';

/** The card links to the collection's gallery: it renders inside the app's router. */
function RoutedCard({ submission }: { submission: AdminCollectionSubmission }) {
  return (
    <MemoryRouter>
      <SubmissionCard submission={submission} />
    </MemoryRouter>
  );
}

const HOUR = 60 * 60 * 1000;
function submission(overrides: Partial<AdminCollectionSubmission> = {}): AdminCollectionSubmission {
  return testAdminSubmission({
    id: '42',
    name: 'Cosmic Cats',
    description: 'Cats in space',
    website: 'https://cosmic.example',
    totalVotes: 10,
    yesVotes: 6,
    noVotes: 4,
    votingEndsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
    submittedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

/** Voting ended with 50 votes, more yes than no: the SPEC §4 Auto-Approve rule holds. */
const passed = {
  status: 'voting',
  totalVotes: VOTING.minVotes,
  yesVotes: 30,
  noVotes: 20,
  votingEndsAt: new Date(Date.now() - HOUR).toISOString(),
} as const;

const patches = (sent: SentRequest[]) => sent.filter((request) => request.method === 'PATCH');

describe(SubmissionCard.name, () => {
  signedInForEachTest();

  it('keeps Update disabled until the status or the notes change', async () => {
    fakeNetwork(() => reply(200, {}));
    const user = userEvent.setup();
    renderAdmin(<RoutedCard submission={submission()} />);
    const update = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    expect(update.disabled).toBe(true);

    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    expect(update.disabled).toBe(false);
    await user.selectOptions(screen.getByLabelText('Status'), 'voting');
    expect(update.disabled).toBe(true);

    await user.type(screen.getByLabelText('Admin Notes'), 'Looks good');
    expect(update.disabled).toBe(false);
  });

  it('sends the chosen status and notes stamped by Admin, disabled while saving, then confirms', async () => {
    let answer: (response: Response) => void = () => undefined;
    const sent = fakeNetwork(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderAdmin(<RoutedCard submission={submission()} />);

    await user.selectOptions(screen.getByLabelText('Status'), 'rejected');
    await user.type(screen.getByLabelText('Admin Notes'), 'Not an NFT collection');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(patches(sent)).toHaveLength(1));
    const [request] = patches(sent);
    expect(request?.url).toBe(apiPath(API_ROUTES.updateSubmission, { id: '42' }));
    const body = request?.body as SubmissionUpdate;
    expect(body).toEqual({
      status: 'rejected',
      adminNotes: 'Not an NFT collection',
      reviewedAt: expect.any(String),
      reviewedBy: 'Admin',
    });
    expect(Date.parse(body.reviewedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => answer(reply(200, { success: true })));
    await waitFor(() => expect(toastTexts()).toContain('Submission Updated'));
    expect(toastTexts()).toContain('Collection submission has been updated successfully.');
  });

  it("shows 'Update Failed' with the server's message", async () => {
    fakeNetwork(() => reply(400, { statusCode: 400, message: 'status must be one of the four statuses' }));
    const user = userEvent.setup();
    renderAdmin(<RoutedCard submission={submission()} />);
    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toastTexts()).toContain('Update Failed'));
    expect(toastTexts()).toContain('status must be one of the four statuses');
  });

  it.each([
    ['voting still open', { ...passed, votingEndsAt: new Date(Date.now() + HOUR).toISOString() }],
    ['fewer than 50 votes', { ...passed, totalVotes: 49, yesVotes: 30, noVotes: 19 }],
    ['a tie', { ...passed, yesVotes: 25, noVotes: 25 }],
    ['more no than yes', { ...passed, yesVotes: 20, noVotes: 30 }],
    ['status pending', { ...passed, status: 'pending' as const }],
  ])('offers no Auto-Approve with %s', (_case, overrides) => {
    fakeNetwork(() => reply(200, {}));
    renderAdmin(<RoutedCard submission={submission(overrides)} />);
    expect(screen.queryByRole('button', { name: 'Auto-Approve' })).toBeNull();
  });

  it('auto-approves with the fixed note once the rule holds', async () => {
    const sent = fakeNetwork(() => reply(200, { success: true }));
    const user = userEvent.setup();
    renderAdmin(<RoutedCard submission={submission(passed)} />);
    await user.click(screen.getByRole('button', { name: 'Auto-Approve' }));
    await waitFor(() => expect(patches(sent)).toHaveLength(1));
    expect(patches(sent)[0]?.body).toEqual({
      status: 'approved',
      adminNotes: AUTO_APPROVE_NOTE,
      reviewedAt: expect.any(String),
      reviewedBy: 'Admin',
    });
  });

  it("shows 'Will Pass' only while voting with the threshold met", () => {
    fakeNetwork(() => reply(200, {}));
    const open = { ...passed, votingEndsAt: new Date(Date.now() + HOUR).toISOString() };
    const { unmount } = renderAdmin(<RoutedCard submission={submission(open)} />);
    expect(screen.getByText('Will Pass')).toBeTruthy();
    expect(screen.getByTestId('voting-progress')).toBeTruthy();
    unmount();

    renderAdmin(<RoutedCard submission={submission({ ...open, status: 'approved' })} />);
    expect(screen.queryByText('Will Pass')).toBeNull();
    expect(screen.queryByTestId('voting-progress')).toBeNull();
  });

  it.each([
    ['voting has not ended', { votingEndsAt: new Date(Date.now() + HOUR).toISOString() }, true],
    ['fewer than 50 votes', { totalVotes: VOTING.minVotes - 1, yesVotes: 29, noVotes: 20 }, false],
    ['yes equal to no', { yesVotes: 25, noVotes: 25 }, false],
    ['yes fewer than no', { yesVotes: 20, noVotes: 30 }, false],
    ['status approved', { status: 'approved' }, false],
    ['status pending', { status: 'pending' }, false],
  ] as const)('offers no Auto-Approve when %s', (_case, overrides, willPass) => {
    fakeNetwork(() => reply(200, {}));
    renderAdmin(<RoutedCard submission={submission({ ...passed, ...overrides })} />);
    expect(screen.queryByRole('button', { name: 'Auto-Approve' })).toBeNull();
    // 'Will Pass' needs the threshold only (while voting), not the end of voting.
    expect(screen.queryByTestId('will-pass') !== null).toBe(willPass);
    expect(screen.getByRole('button', { name: 'Update' })).toHaveProperty('disabled', true);
  });

  it('shows the submitted banner and logo through our media routes, a gallery link, and folds a long description', async () => {
    fakeNetwork(() => reply(200, {}));
    const long = 'Cats in space. '.repeat(20).trim();
    renderAdmin(
      <RoutedCard
        submission={submission({
          bannerUrl: '/api/media/files/banner.png',
          logoUrl: 'https://cdn.example/logo.png',
          description: long,
        })}
      />,
    );
    expect(screen.getByTestId('submission-banner').getAttribute('src')).toBe('/api/media/files/banner.png');
    expect(screen.getByTestId('submission-logo').getAttribute('src')).toBe(
      `/api/media/image?src=${encodeURIComponent('https://cdn.example/logo.png')}`,
    );
    expect(screen.getByTestId('submission-gallery-link').getAttribute('href')).toBe(
      '/?view=collection&network=polygon&address=0x1234567890abcdef1234567890abcdef12345678',
    );
    const description = screen.getByTestId('submission-description');
    expect(description.className).toContain('submission-description__text--clamped');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more' }));
    expect(description.className).not.toContain('clamped');
    expect(screen.getByRole('button', { name: 'Show less' })).toBeTruthy();
  });

  it('shows the card texts of SPEC §2: status, network, website, contract, notes and dates', () => {
    fakeNetwork(() => reply(200, {}));
    renderAdmin(
      <RoutedCard
        submission={submission({
          status: 'rejected',
          adminNotes: 'Not an NFT contract',
          reviewedAt: '2026-11-05T10:00:00.000Z',
          reviewedBy: 'Admin',
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Cosmic Cats' })).toBeTruthy();
    expect(screen.getByTestId('status-badge').textContent).toBe('Rejected');
    expect(screen.getByRole('link', { name: /Website/ }).getAttribute('href')).toBe('https://cosmic.example');
    expect(screen.getByText('0x1234567890abcdef1234567890abcdef12345678')).toBeTruthy();
    expect((screen.getByLabelText('Admin Notes') as HTMLTextAreaElement).value).toBe('Not an NFT contract');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('rejected');
    expect(
      [...(screen.getByLabelText('Status') as HTMLSelectElement).options].map((option) => option.value),
    ).toEqual(['pending', 'voting', 'approved', 'rejected']);
    expect(screen.getByText(/Reviewed .* by Admin/)).toBeTruthy();
    // Not voting: no voting progress block.
    expect(screen.queryByTestId('voting-progress')).toBeNull();
  });

  it('hides Will Pass below the threshold', () => {
    fakeNetwork(() => reply(200, {}));
    renderAdmin(<RoutedCard submission={submission({ totalVotes: 49, yesVotes: 40, noVotes: 9 })} />);
    expect(screen.queryByText('Will Pass')).toBeNull();
  });

  it('deletes only after the confirmation', async () => {
    const sent = fakeNetwork(() => reply(200, { success: true }));
    const user = userEvent.setup();
    renderAdmin(<RoutedCard submission={submission()} />);

    await user.click(screen.getByRole('button', { name: 'Delete Cosmic Cats' }));
    const dialog = screen.getByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this submission? This action cannot be undone.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Cosmic Cats' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toContain('Submission Deleted'));
    expect(sent.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      apiPath(API_ROUTES.deleteSubmission, { id: '42' }),
    ]);
    expect(toastTexts()).toContain('Collection submission has been deleted successfully.');
  });

  it("shows 'Delete Failed' when the server refuses", async () => {
    fakeNetwork(() => reply(500, ''));
    const user = userEvent.setup();
    renderAdmin(<RoutedCard submission={submission()} />);
    await user.click(screen.getByRole('button', { name: 'Delete Cosmic Cats' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toContain('Delete Failed'));
  });

  it('drops the local session flag when the server answers 401', async () => {
    fakeNetwork(() => reply(401, { statusCode: 401, message: 'Admin session required' }));
    const user = userEvent.setup();
    renderAdmin(<RoutedCard submission={submission()} />);
    expect(window.localStorage.getItem(ADMIN_SESSION_KEY)).toBe('true');
    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(useAdminSession.getState().authenticated).toBe(false));
    expect(window.localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
  });
});
