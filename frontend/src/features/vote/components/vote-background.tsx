import { useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useConsentedPlayback } from '../../../lib/video-consent';

// The clip is made offline by ../assets/make-background-video.mjs (a 10 s loop, about 130 kB);
// the still image under it is an SVG gradient, shown alone when motion is unwanted.
const VIDEO_URL = new URL('../assets/vote-background.webm', import.meta.url).href;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToMotionPreference(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia(REDUCED_MOTION).matches;
}

/** SPEC §2: /vote sits on a full-screen background, an image plus a looping muted video. */
export function VoteBackground({ children }: { children: ReactNode }) {
  const reducedMotion = useSyncExternalStore(subscribeToMotionPreference, prefersReducedMotion, () => false);
  const video = useRef<HTMLVideoElement>(null);
  // SPEC §4 video consent: playback starts only with consent (or at the first interaction).
  useConsentedPlayback(video, reducedMotion ? '' : VIDEO_URL);
  return (
    <div className="vote-backdrop">
      <div className="vote-backdrop__media" aria-hidden="true">
        {reducedMotion ? null : (
          <video
            className="vote-backdrop__video"
            ref={video}
            src={VIDEO_URL}
            muted
            loop
            playsInline
            preload="auto"
            tabIndex={-1}
            data-testid="vote-background-video"
          />
        )}
        <div className="vote-backdrop__scrim" />
      </div>
      <div className="vote-backdrop__content">{children}</div>
    </div>
  );
}
