import { useEffect, type RefObject } from 'react';
import { create } from 'zustand';
import { readFlag, writeFlag } from './local-flag';

/** SPEC §9 local storage key of the video-consent flag. */
export const VIDEO_CONSENT_KEY = 'videoConsent';

const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

interface VideoConsentState {
  /** Stored answer: true once the visitor has interacted with Nexus; false when the browser refused playback. */
  consent: boolean | null;
  /** The visitor has clicked, tapped or typed on this page. */
  interacted: boolean;
  grant: () => void;
  refuse: () => void;
}

export const useVideoConsentStore = create<VideoConsentState>()((set) => ({
  consent: typeof window === 'undefined' ? null : readFlag(VIDEO_CONSENT_KEY),
  interacted: false,
  grant: () => {
    writeFlag(VIDEO_CONSENT_KEY, true);
    set({ consent: true, interacted: true });
  },
  refuse: () => {
    writeFlag(VIDEO_CONSENT_KEY, false);
    set({ consent: false, interacted: false });
  },
}));

let watching = false;

/** The first click, tap or key press counts as consent (SPEC §4: otherwise playback waits for it). */
function watchFirstInteraction(): void {
  if (watching) return;
  watching = true;
  const onInteraction = () => {
    for (const name of INTERACTION_EVENTS) window.removeEventListener(name, onInteraction, true);
    watching = false;
    useVideoConsentStore.getState().grant();
  };
  for (const name of INTERACTION_EVENTS) window.addEventListener(name, onInteraction, true);
}

/** SPEC §4 video consent: playback starts only with consent, otherwise on the first user interaction. */
export function useVideoConsent(): boolean {
  const allowed = useVideoConsentStore((state) => state.consent === true || state.interacted);
  useEffect(() => {
    if (!allowed) watchFirstInteraction();
  }, [allowed]);
  return allowed;
}

function isNotAllowed(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'NotAllowedError';
}

/**
 * Plays a muted looping `<video>` (which carries no autoPlay attribute) once consent allows it.
 * A browser that still refuses (autoplay blocked) stores false, and the next interaction retries.
 */
export function useConsentedPlayback(ref: RefObject<HTMLVideoElement | null>, src: string): boolean {
  const allowed = useVideoConsent();
  useEffect(() => {
    const video = ref.current;
    if (!video || !src) return;
    if (!allowed) {
      video.pause();
      return;
    }
    video.muted = true;
    const started = video.play() as Promise<void> | undefined;
    started?.catch((error: unknown) => {
      if (isNotAllowed(error)) useVideoConsentStore.getState().refuse();
    });
  }, [ref, src, allowed]);
  return allowed;
}
