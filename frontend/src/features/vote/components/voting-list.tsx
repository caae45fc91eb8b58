import { Link } from 'react-router-dom';
import { useVotingSubmissions } from '../../../api/voting-submissions';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { useNow } from '../hooks/use-now';
import { useVotingFingerprint } from '../hooks/use-voting-fingerprint';
import { VotingCard, type VotingCardVariant } from './voting-card';
import './voting.css';

/** Countdowns are in minutes: a tick every 30 s keeps them at most half a minute behind. */
const COUNTDOWN_TICK_MS = 30_000;

interface LoadErrorProps {
  retrying: boolean;
  onRetry: () => void;
  /** Votes loaded earlier are still on screen: say so in one line instead of a full error card. */
  compact: boolean;
}

function LoadError({ retrying, onRetry, compact }: LoadErrorProps) {
  const retry = (
    <button type="button" className="button button--ghost" disabled={retrying} onClick={onRetry}>
      {retrying ? 'Retrying...' : 'Retry'}
    </button>
  );
  if (compact) {
    return (
      <div className="spread-row voting-refresh-error" role="alert">
        <span>Could not refresh the votes. The counts below may be out of date.</span>
        {retry}
      </div>
    );
  }
  return (
    <div className="status-card status-card--error voting-load-error" role="alert" data-testid="voting-error">
      <div className="status-card__icon" aria-hidden="true">
        !
      </div>
      <h3 className="status-card__title">Failed to Load Voting Submissions</h3>
      <p className="muted">The active votes could not be loaded. Check your connection and try again.</p>
      <div className="status-card__actions">{retry}</div>
    </div>
  );
}

/** Active submissions with their loading, error and empty states (SPEC §2 /vote and home vote tab). */
export function VotingList({ variant }: { variant: VotingCardVariant }) {
  const query = useVotingSubmissions();
  const fingerprint = useVotingFingerprint();
  const now = useNow(COUNTDOWN_TICK_MS);
  const retry = () => void query.refetch();

  if (query.isPending) return <Spinner label="Loading voting submissions..." />;
  // A failed call is an error, never 'No Active Voting': that would tell visitors nothing is open.
  if (query.isError && query.data === undefined) {
    return <LoadError compact={false} retrying={query.isFetching} onRetry={retry} />;
  }
  const submissions = query.data ?? [];
  const refreshError = query.isError ? (
    <LoadError compact retrying={query.isFetching} onRetry={retry} />
  ) : null;

  if (submissions.length === 0) {
    return (
      <>
        {refreshError}
        <EmptyState
          title="No Active Voting"
          description="There are no collections up for a vote right now."
          icon={variant === 'widget' ? '☑' : undefined}
        >
          <Link className="button button--ghost" to="/submit-collection">
            Submit a collection
          </Link>
        </EmptyState>
      </>
    );
  }

  const cards = submissions.map((submission) => (
    <VotingCard
      key={submission.id}
      submission={submission}
      fingerprint={fingerprint}
      now={now}
      variant={variant}
    />
  ));
  return (
    <>
      {refreshError}
      {variant === 'widget' ? (
        <ul className="vote-widget__list" aria-label="Active submissions">
          {cards}
        </ul>
      ) : (
        <div className="voting-grid">{cards}</div>
      )}
    </>
  );
}
