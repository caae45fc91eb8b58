import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { useConsentedPlayback, useVideoConsentStore, VIDEO_CONSENT_KEY } from './video-consent';

function Video() {
  const ref = useRef<HTMLVideoElement>(null);
  useConsentedPlayback(ref, '/api/media/files/clip.webm');
  return <video ref={ref} src="/api/media/files/clip.webm" muted loop data-testid="video" />;
}

describe(useConsentedPlayback.name, () => {
  let play: jest.SpiedFunction<HTMLMediaElement['play']>;

  beforeEach(() => {
    window.localStorage.clear();
    useVideoConsentStore.setState({ consent: null, interacted: false });
    play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('waits for the first interaction without consent, then plays and stores the consent', () => {
    render(<Video />);
    expect(play).not.toHaveBeenCalled();
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Tab' });
    });
    expect(play).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(VIDEO_CONSENT_KEY)).toBe('true');
  });

  it('plays at once with stored consent', () => {
    useVideoConsentStore.setState({ consent: true });
    render(<Video />);
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('stores false when the browser refuses playback, and tries again on the next interaction', async () => {
    useVideoConsentStore.setState({ consent: true });
    play.mockImplementationOnce(() => Promise.reject(new DOMException('blocked', 'NotAllowedError')));
    render(<Video />);
    await act(async () => undefined);
    expect(window.localStorage.getItem(VIDEO_CONSENT_KEY)).toBe('false');
    act(() => {
      fireEvent.pointerDown(document.body);
    });
    expect(play).toHaveBeenCalledTimes(2);
    expect(window.localStorage.getItem(VIDEO_CONSENT_KEY)).toBe('true');
  });
});
