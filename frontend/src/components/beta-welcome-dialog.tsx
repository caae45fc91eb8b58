import { useState } from 'react';
import { readFlag, writeFlag } from '../lib/local-flag';
import { AppDialog } from './dialog/app-dialog';

/** SPEC §9 local storage key of the beta-welcome-seen flag. */
export const BETA_WELCOME_SEEN_KEY = 'betaWelcomeSeen';

/** SPEC §4: shown on the first visit; dismissing it in any way sets the seen flag. */
export function BetaWelcomeDialog() {
  const [open, setOpen] = useState(() => readFlag(BETA_WELCOME_SEEN_KEY) !== true);
  const dismiss = () => {
    writeFlag(BETA_WELCOME_SEEN_KEY, true);
    setOpen(false);
  };

  return (
    <AppDialog
      open={open}
      onClose={dismiss}
      title="Welcome to Nexus Beta"
      description="Nexus is in beta: features are still growing, and your feedback shapes what comes next."
      testId="beta-welcome"
    >
      <ul className="beta-welcome__list">
        <li>Explore any wallet or collection on Ethereum, Polygon and Cronos.</li>
        <li>See rarity scores and ranks, filter by traits and download artwork.</li>
        <li>Submit collections and vote on the community&apos;s picks.</li>
      </ul>
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="beta-welcome-dismiss"
          onClick={dismiss}
        >
          Start Exploring
        </button>
      </div>
    </AppDialog>
  );
}
