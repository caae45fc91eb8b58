import { beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { BETA_WELCOME_SEEN_KEY, BetaWelcomeDialog } from './beta-welcome-dialog';

describe(BetaWelcomeDialog.name, () => {
  beforeEach(() => window.localStorage.clear());

  it('shows on the first visit and remembers its dismissal', () => {
    const { unmount } = render(<BetaWelcomeDialog />);
    expect(screen.getByRole('dialog', { name: 'Welcome to Nexus Beta' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start Exploring' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(BETA_WELCOME_SEEN_KEY)).toBe('true');
    unmount();
    render(<BetaWelcomeDialog />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('counts Escape as a dismissal too', () => {
    render(<BetaWelcomeDialog />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(BETA_WELCOME_SEEN_KEY)).toBe('true');
  });
});
