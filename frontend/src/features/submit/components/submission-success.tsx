import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { VOTING } from '@nexus/contract';

/** SPEC §2: shown in place of the form once the submission is stored. */
export function SubmissionSuccess({ submissionId }: { submissionId: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in is gone: move focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="card submit-success" aria-labelledby="submit-success-title">
      <div className="submit-success__icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="submit-success-title" ref={headingRef} tabIndex={-1} className="submit-success__title">
        Collection Submitted Successfully!
      </h2>
      <p className="submit-success__id">
        Submission ID: <code data-testid="submission-id">{submissionId}</code>
      </p>
      <div className="outline-box submit-success__next">
        <h3>What happens next?</h3>
        <ol>
          <li>Your collection is open for community voting for {VOTING.durationDays} days.</li>
          <li>
            It is approved with at least {VOTING.minVotes} votes and more yes than no votes when voting ends.
          </li>
          <li>Once approved, it joins the Nexus whitelist of collections.</li>
          <li>Want it featured? Open a ticket in our community chat server after approval.</li>
        </ol>
      </div>
      <div className="submit-success__actions">
        <Link className="button button--primary" to="/vote">
          View Voting
        </Link>
        <Link className="button button--ghost" to="/">
          Back to Home
        </Link>
      </div>
    </section>
  );
}
