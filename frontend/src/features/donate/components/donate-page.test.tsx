import { afterEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_ROUTES, type DonationEntry } from '@nexus/contract';
import { findToast, renderInApp, resetApp, stubFetch } from '../../../testing/app-harness';
import { routeKey } from '../../../testing/fake-fetch';
import { DonatePage } from './donate-page';

const EVM = '0x1111111111111111111111111111111111111111';
const DONATIONS: DonationEntry[] = [
  {
    title: 'EVM Chains',
    address: EVM,
    networks: [
      { name: 'Ethereum', symbol: 'ETH', explorer: `https://etherscan.io/address/${EVM}` },
      { name: 'Polygon', symbol: 'POL', explorer: `https://polygonscan.com/address/${EVM}` },
    ],
  },
  {
    title: 'Bitcoin',
    address: 'bc1qexampleexampleexampleexample0000',
    networks: [{ name: 'Bitcoin', symbol: 'BTC', explorer: 'https://mempool.space/address/bc1q' }],
  },
];

const card = (title: string) =>
  within(screen.getByRole('heading', { name: title }).closest<HTMLElement>('[data-testid="donation-card"]')!);

afterEach(resetApp);

describe(DonatePage.name, () => {
  it('lists each address with its explorer links, and copies it for 2 s', async () => {
    const user = userEvent.setup();
    stubFetch({ [routeKey(API_ROUTES.donations)]: { body: DONATIONS } });
    renderInApp(<DonatePage />, { route: '/donate' });

    expect(screen.getByRole('heading', { name: 'Support The Nexus' })).toBeTruthy();
    expect(screen.getByText('Loading donation addresses...')).toBeTruthy();
    await screen.findByRole('heading', { name: 'EVM Chains' });
    const evm = card('EVM Chains');
    expect(evm.getByText(EVM)).toBeTruthy();
    const polygon = evm.getByRole('link', { name: /View on Polygon explorer/ });
    expect(polygon.getAttribute('href')).toBe(`https://polygonscan.com/address/${EVM}`);
    expect(polygon.getAttribute('target')).toBe('_blank');

    const started = Date.now();
    await user.click(evm.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(EVM);
    expect(evm.getByRole('button', { name: '✓ Copied' })).toBeTruthy();
    expect(card('Bitcoin').getByRole('button', { name: 'Copy' })).toBeTruthy();
    await waitFor(() => evm.getByRole('button', { name: 'Copy' }), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it("says 'Copy Failed' when the clipboard refuses", async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
    stubFetch({ [routeKey(API_ROUTES.donations)]: { body: DONATIONS } });
    renderInApp(<DonatePage />, { route: '/donate' });

    await screen.findByRole('heading', { name: 'Bitcoin' });
    await user.click(card('Bitcoin').getByRole('button', { name: 'Copy' }));
    const toast = await findToast('Copy Failed');
    expect(within(toast).getByText('Please copy the address manually')).toBeTruthy();
    expect(card('Bitcoin').getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('shows an error with Retry when the addresses cannot be loaded', async () => {
    const user = userEvent.setup();
    let up = false;
    stubFetch({ [routeKey(API_ROUTES.donations)]: () => (up ? { body: DONATIONS } : { status: 404 }) });
    renderInApp(<DonatePage />, { route: '/donate' });

    const error = await screen.findByTestId('donations-error');
    up = true;
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Bitcoin' });
  });
});
