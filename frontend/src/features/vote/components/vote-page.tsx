import { Link } from 'react-router-dom';
import { VOTING } from '@nexus/contract';
import { PageShell } from '../../../components/page-shell';
import { VoteBackground } from './vote-background';
import { VotingList } from './voting-list';
import './vote.css';

/** SPEC §2 explainer tiles, worded from the same constants the server decides with. */
const TILES = [
  {
    title: `${VOTING.minVotes} Vote Minimum`,
    text: `A submission needs at least ${VOTING.minVotes} community votes before it can be decided.`,
  },
  { title: 'Majority Yes', text: 'More yes than no votes gets the collection approved.' },
  {
    title: `${VOTING.durationDays} Day Voting`,
    text: `Every submission is open for voting for ${VOTING.durationDays} days.`,
  },
];

export function VotePage() {
  return (
    <VoteBackground>
      <PageShell
        title="Community Voting"
        subtitle="Help decide which collections join the Nexus whitelist."
        backTo={{ to: '/', label: 'Back' }}
      >
        <ul className="vote-tiles" aria-label="How voting works">
          {TILES.map((tile) => (
            <li key={tile.title} className="card vote-tile">
              <h2>{tile.title}</h2>
              <p className="muted">{tile.text}</p>
            </li>
          ))}
        </ul>
        <div className="card cta-card">
          <div>
            <h2>Have a collection in mind?</h2>
            <p className="muted">Submit it and let the community vote.</p>
          </div>
          <Link className="button button--primary" to="/submit-collection">
            Submit Collection
          </Link>
        </div>
        <section className="vote-section" aria-labelledby="active-votes-heading">
          <h2 id="active-votes-heading" className="vote-section__title">
            Active Submissions
          </h2>
          <VotingList variant="page" />
        </section>
      </PageShell>
    </VoteBackground>
  );
}
