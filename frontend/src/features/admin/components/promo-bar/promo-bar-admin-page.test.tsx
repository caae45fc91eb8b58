import { describe, expect, it } from '@jest/globals';
import { API_ROUTES, type PromoBarSettings } from '@nexus/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeNetwork,
  renderAdmin,
  reply,
  toastTexts,
  type SentRequest,
  signedInForEachTest,
} from '../../testing/admin-test-kit';
import { PromoBarAdminPage } from './promo-bar-admin-page';

const stored: PromoBarSettings = {
  isActive: true,
  buttonText: 'Mint now',
  buttonLink: 'https://example.com/mint',
  buttonPosition: 'right',
  buttonColor: 'cyan',
  videoUrl: '/api/media/files/promo.mp4',
  videoOpacity: 50,
};

function serve(settings: PromoBarSettings = stored): SentRequest[] {
  return fakeNetwork((request) =>
    request.method === 'GET' ? reply(200, settings) : reply(200, { ...settings }),
  );
}

async function opacitySlider(): Promise<HTMLElement> {
  return screen.findByRole('slider', { name: 'Video Opacity' });
}

const value = (slider: HTMLElement) => Number(slider.getAttribute('aria-valuenow'));

describe(PromoBarAdminPage.name, () => {
  signedInForEachTest();

  it('moves the opacity 5 per arrow, 50 with Page Up/Down or Shift+arrow, within 10 to 100', async () => {
    serve();
    const user = userEvent.setup();
    renderAdmin(<PromoBarAdminPage />);
    const slider = await opacitySlider();
    expect(value(slider)).toBe(50);
    expect(slider.getAttribute('aria-valuemin')).toBe('10');
    expect(slider.getAttribute('aria-valuemax')).toBe('100');
    act(() => slider.focus());

    // Each key press in turn, and the opacity it leaves.
    for (const [keys, opacity] of [
      ['{ArrowRight}', 55],
      ['{ArrowLeft}{ArrowLeft}', 45],
      ['{PageUp}', 95],
      ['{PageUp}', 100],
      ['{PageDown}', 50],
      ['{Shift>}{ArrowLeft}{/Shift}', 10],
      ['{Shift>}{ArrowRight}{/Shift}', 60],
      ['{End}', 100],
      ['{Home}', 10],
    ] as const) {
      await user.keyboard(keys);
      expect(value(slider)).toBe(opacity);
    }
    expect(screen.getByText('10%')).toBeTruthy();
  });

  it('holds edits locally until saved, then sends the merged settings and the video', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderAdmin(<PromoBarAdminPage />);
    const slider = await opacitySlider();
    act(() => slider.focus());
    await user.keyboard('{ArrowRight}');
    await user.clear(screen.getByPlaceholderText('Go'));
    await user.type(screen.getByPlaceholderText('Go'), 'Explore');
    await user.click(screen.getByLabelText('Center'));
    await user.click(screen.getByLabelText('Purple'));
    const video = new File(['video-bytes'], 'clip.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByTestId('promo-bar-video'), video);
    expect(screen.getByText('Selected: clip.mp4')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastTexts()).toContain('Promo bar settings updated successfully'));
    const [put] = sent.filter((request) => request.method === 'PUT');
    expect(put?.url).toBe(API_ROUTES.savePromoBarSettings.path);
    const form = put?.body as FormData;
    expect(JSON.parse(String(form.get('settings')))).toEqual({
      ...stored,
      videoOpacity: 55,
      buttonText: 'Explore',
      buttonPosition: 'center',
      buttonColor: 'purple',
    });
    expect((form.get('video') as File).name).toBe('clip.mp4');
    expect(toastTexts()).toContain('Success');
    // After the save the chosen file is cleared and the settings fetched again.
    expect(screen.queryByText('Selected: clip.mp4')).toBeNull();
    expect(sent.filter((request) => request.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the stored video as a preview and its kind, not its address, and 'Remove video' removes it on save", async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderAdmin(<PromoBarAdminPage />);
    await opacitySlider();
    const current = screen.getByTestId('promo-bar-current-video');
    expect(current.textContent).toContain('Current video: Uploaded MP4 video');
    expect(current.textContent).not.toContain('/api/media/files');
    expect(screen.getByTestId('promo-bar-current-video-preview').getAttribute('src')).toBe(stored.videoUrl);

    await user.click(screen.getByRole('button', { name: 'Remove video' }));
    expect(screen.getByTestId('promo-bar-current-video').textContent).toContain('removed when you save');
    expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1));
    const form = sent.find((request) => request.method === 'PUT')?.body as FormData;
    expect(JSON.parse(String(form.get('settings')))).toEqual({ ...stored, removeVideo: true });
  });

  it('refuses a file that is not a video and keeps none', async () => {
    const sent = serve();
    renderAdmin(<PromoBarAdminPage />);
    await opacitySlider();
    const input = screen.getByTestId('promo-bar-video') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'poster.png', { type: 'image/png' })] } });
    expect(toastTexts()).toEqual(['Invalid file', 'Please select a video file (MP4, WEBM, etc.)']);
    expect(screen.queryByText(/Selected:/)).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect((sent.find((request) => request.method === 'PUT')?.body as FormData).get('video')).toBeNull();
  });

  it("reports a failed save as 'Failed to update settings: {message}'", async () => {
    fakeNetwork((request) =>
      request.method === 'GET'
        ? reply(200, stored)
        : reply(400, { statusCode: 400, message: 'videoOpacity must be a whole number' }),
    );
    renderAdmin(<PromoBarAdminPage />);
    await opacitySlider();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastTexts()).toContain('Error'));
    expect(toastTexts()).toContain('Failed to update settings: videoOpacity must be a whole number');
  });

  it('previews a chosen video from its own address, released once the choice is cleared', async () => {
    const made: string[] = [];
    const released: string[] = [];
    const create = URL.createObjectURL;
    const revoke = URL.revokeObjectURL;
    URL.createObjectURL = () => {
      made.push(`blob:preview-${made.length + 1}`);
      return made.at(-1)!;
    };
    URL.revokeObjectURL = (url: string) => void released.push(url);
    try {
      serve();
      const user = userEvent.setup();
      renderAdmin(<PromoBarAdminPage />);
      await opacitySlider();
      const preview = () => screen.getByTestId('promo-preview-video') as HTMLVideoElement;
      expect(preview().getAttribute('src')).toBe(stored.videoUrl);

      await user.upload(
        screen.getByTestId('promo-bar-video'),
        new File(['video-bytes'], 'clip.mp4', { type: 'video/mp4' }),
      );
      const shown = made.at(-1)!;
      expect(preview().getAttribute('src')).toBe(shown);
      expect(released).not.toContain(shown);

      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(screen.queryByText('Selected: clip.mp4')).toBeNull());
      expect(released).toContain(shown);
      expect(preview().getAttribute('src')).toBe(stored.videoUrl);
    } finally {
      URL.createObjectURL = create;
      URL.revokeObjectURL = revoke;
    }
  });

  it('shows the live preview only while the banner is active', async () => {
    serve({ ...stored, isActive: false });
    const user = userEvent.setup();
    renderAdmin(<PromoBarAdminPage />);
    await opacitySlider();
    expect(screen.queryByTestId('promo-bar-preview')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    const preview = screen.getByTestId('promo-bar-preview');
    expect(preview.textContent).toContain('Mint now');
    const video = screen.getByTestId('promo-preview-video') as HTMLVideoElement;
    expect(video.style.opacity).toBe('0.5');
  });
});
