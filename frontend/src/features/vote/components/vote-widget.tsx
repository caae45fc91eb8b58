import { useVotingSubmissions } from '../../../api/voting-submissions';
import { VotingList } from './voting-list';
import './vote-widget.css';

/** Home 'vote' tab (SPEC §2): the active submissions, votable in place; /vote opens in a new tab. */
export function VoteWidget() {
  // Same query as the list below (shared by key): only its count is read here.
  const { data } = useVotingSubmissions();

  return (
    <section className="vote-widget" data-testid="vote-widget" aria-labelledby="vote-widget-heading">
      <header className="vote-widget__header">
        <h2 id="vote-widget-heading">Active Voting</h2>
        {data ? (
          <span className="count-badge" aria-label={`${data.length} active submissions`}>
            {data.length}
          </span>
        ) : null}
        <a
          className="button button--ghost vote-widget__all"
          href="/vote"
          target="_blank"
          rel="noopener noreferrer"
        >
          View All Submissions <span aria-hidden="true">↗</span>
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </header>
      <VotingList variant="widget" />
    </section>
  );
}
