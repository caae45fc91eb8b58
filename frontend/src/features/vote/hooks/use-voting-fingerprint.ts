import { useState } from 'react';
import { FINGERPRINT_PATTERN, FINGERPRINT_STORAGE_KEY } from '@nexus/contract';
import { fingerprintFrom } from '../fingerprint';

function canvasSignature(): string {
  try {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 40;
    const context = canvas.getContext('2d');
    if (!context) return '';
    context.textBaseline = 'top';
    context.font = '16px Arial';
    context.fillStyle = '#f60';
    context.fillRect(0, 0, 120, 30);
    context.fillStyle = '#069';
    context.fillText('Nexus voting', 4, 8);
    return canvas.toDataURL();
  } catch {
    return '';
  }
}

function computeFingerprint(): string {
  try {
    const stored = window.localStorage.getItem(FINGERPRINT_STORAGE_KEY);
    // A value edited by hand that the server would refuse is replaced rather than sent.
    if (stored && FINGERPRINT_PATTERN.test(stored)) return stored;
  } catch {
    // Storage unavailable: compute each time.
  }
  const value = fingerprintFrom({
    userAgent: navigator.userAgent,
    language: navigator.language,
    screen: `${window.screen.width}x${window.screen.height}`,
    timezoneOffset: new Date().getTimezoneOffset(),
    canvas: canvasSignature(),
  });
  try {
    window.localStorage.setItem(FINGERPRINT_STORAGE_KEY, value);
  } catch {
    // Private mode or full storage: the same value is derived again next time.
  }
  return value;
}

/** SPEC §3: the voter fingerprint, kept in local storage as votingFingerprint. */
export function useVotingFingerprint(): string {
  const [fingerprint] = useState(computeFingerprint);
  return fingerprint;
}
