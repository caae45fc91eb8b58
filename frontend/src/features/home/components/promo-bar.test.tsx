import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import { API_ROUTES, DEFAULT_PROMO_BAR_SETTINGS, type PromoBarSettings } from '@nexus/contract';
import { installFetch, jsonResponse, removeFetch, statusResponse } from '../../../testing/fake-fetch';
import { PromoBar } from './promo-bar';
import { renderWithQueries } from '../../../testing/render-with-queries';

function renderBar(answer: () => Response) {
  const calls = installFetch(answer);
  renderWithQueries(<PromoBar />);
  return calls;
}

const active: PromoBarSettings = {
  ...DEFAULT_PROMO_BAR_SETTINGS,
  isActive: true,
  buttonText: 'Mint now',
  buttonLink: 'https://example.org/mint',
  buttonPosition: 'center',
  buttonColor: 'green',
  videoUrl: '/api/media/files/bar.webm',
  videoOpacity: 35,
};

describe(PromoBar.name, () => {
  afterEach(() => removeFetch());

  it('shows the background video at its opacity and the button where and how the settings say', async () => {
    const calls = renderBar(() => jsonResponse(active));
    const bar = await screen.findByTestId('promo-bar');
    expect(calls[0]!.url.pathname).toBe(API_ROUTES.promoBarSettings.path);
    expect(bar.className).toContain('promo-bar--center');
    const video = screen.getByTestId('promo-bar-video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/api/media/files/bar.webm');
    expect(video.style.opacity).toBe('0.35');
    expect(video.muted && video.loop).toBe(true);
    const button = screen.getByRole('link', { name: 'Mint now' });
    expect(button.getAttribute('href')).toBe('https://example.org/mint');
    expect(button.getAttribute('target')).toBe('_blank');
    expect(button.className).toContain('promo-bar__button--green');
  });

  it("reads 'Go' without button text, and opens our own pages in place", async () => {
    renderBar(() => jsonResponse({ ...active, buttonText: '  ', buttonLink: '/vote', videoUrl: '' }));
    const button = await screen.findByRole('link', { name: 'Go' });
    expect(button.getAttribute('href')).toBe('/vote');
    expect(button.hasAttribute('target')).toBe(false);
    expect(screen.queryByTestId('promo-bar-video')).toBeNull();
  });

  it('shows the button text as a label, not a link, when no link is set', async () => {
    renderBar(() => jsonResponse({ ...active, buttonText: 'Season two is here', buttonLink: '' }));
    const label = await screen.findByTestId('promo-bar-text');
    expect(label.textContent).toBe('Season two is here');
    expect(label.tagName).toBe('SPAN');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('promo-bar-button')).toBeNull();
  });

  it('is not an empty box: without link, text or video nothing shows', async () => {
    const calls = renderBar(() => jsonResponse({ ...active, buttonText: '', buttonLink: '', videoUrl: '' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('promo-bar')).toBeNull();
  });

  it('stays hidden when inactive or when the settings cannot be read', async () => {
    const calls = renderBar(() => jsonResponse({ ...active, isActive: false }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('promo-bar')).toBeNull();
  });

  it('stays hidden on an error', async () => {
    const calls = renderBar(() => statusResponse(500, 'Internal Server Error'));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('promo-bar')).toBeNull();
  });
});
