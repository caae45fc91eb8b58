import { useId } from 'react';
import {
  isVotingOpen,
  voteShares,
  votingTimeLeft,
  VOTE_TYPES,
  type CollectionSubmission,
  type VoteType,
} from '@nexus/contract';
import { NetworkBadge } from '../../../components/network-badge';
import { ProgressBar } from '../../../components/progress-bar';
import { SplitBar } from '../../../components/split-bar';
import { formatCount, shortenAddress } from '../../../lib/format';
import { useCastVote, useHasVoted, VOTE_FAILED_FALLBACK } from '../hooks/use-vote';
import { votingProjectionText } from '../voting-logic';
import {
  CollapsibleDescription,
  GalleryLink,
  SubmissionBanner,
  SubmissionLogo,
} from '../../../components/submission-identity';
import './voting.css';

/** 'page' is a card of /vote; 'widget' is a row of the home vote tab. */
export type VotingCardVariant = 'page' | 'widget';

interface VotingCardProps {
  submission: CollectionSubmission;
  fingerprint: string;
  /** Current time (ms), ticking, so the countdown and the end of voting move on by themselves. */
  now: number;
  variant: VotingCardVariant;
}

interface VoteButtonsProps {
  hasVoted: boolean;
  pending: boolean;
  /** Id of the card heading, so that 'Vote Yes' is announced with the collection's name. */
  describedBy: string;
  onVote: (voteType: VoteType) => void;
}

const VOTE_LABELS: Record<VoteType, string> = { yes: 'Vote Yes', no: 'Vote No' };

/** SPEC §4: disabled while a vote is pending or once this browser voted; then they read 'Voted'. */
function VoteButtons({ hasVoted, pending, describedBy, onVote }: VoteButtonsProps) {
  const disabled = pending || hasVoted;
  return (
    <div className="vote-actions">
      {VOTE_TYPES.map((voteType) => (
        <button
          key={voteType}
          type="button"
          className={`button vote-actions__${voteType}`}
          disabled={disabled}
          aria-describedby={describedBy}
          onClick={() => onVote(voteType)}
        >
          {hasVoted ? 'Voted' : VOTE_LABELS[voteType]}
        </button>
      ))}
    </div>
  );
}

/** The description, the shortened contract address and the gallery link, classed per variant. */
function SubmissionDetails({
  submission,
  classPrefix,
}: {
  submission: CollectionSubmission;
  classPrefix: string;
}) {
  return (
    <>
      <CollapsibleDescription text={submission.description} className={`${classPrefix}__description`} />
      <code className={`${classPrefix}__address`} title={submission.contractAddress}>
        {shortenAddress(submission.contractAddress)}
      </code>
      <GalleryLink submission={submission} />
    </>
  );
}

export function VotingCard({ submission, fingerprint, now, variant }: VotingCardProps) {
  const headingId = useId();
  const voted = useHasVoted(submission.id, fingerprint);
  const vote = useCastVote(fingerprint, VOTE_FAILED_FALLBACK[variant]);
  const hasVoted = voted.data === true;
  const open = isVotingOpen(submission, now);
  const shares = voteShares(submission);
  const onVote = (voteType: VoteType) => vote.mutate({ submissionId: submission.id, voteType });
  const countdown = votingTimeLeft(submission.votingEndsAt, now);

  if (variant === 'widget') {
    return (
      <li className="stack surface-box vote-item" data-testid="voting-card">
        <div className="vote-item__head">
          <SubmissionLogo submission={submission} size="sm" />
          <h3 id={headingId}>{submission.name}</h3>
          <NetworkBadge network={submission.network} />
          {hasVoted ? <span className="pill voted-badge">Voted (24h limit)</span> : null}
        </div>
        <SubmissionDetails submission={submission} classPrefix="vote-item" />
        <div className="vote-item__counts">
          <span className="vote-item__yes">Yes {formatCount(submission.yesVotes)}</span>
          <span className="vote-item__no">No {formatCount(submission.noVotes)}</span>
          <span>{shares.yes}% yes</span>
        </div>
        <ProgressBar percent={shares.yes} label="Yes votes" thin fillClassName="progress__fill--yes" />
        <p className="vote-item__countdown">{countdown}</p>
        {/* SPEC §4: on the home widget a voter who voted sees the badge instead of the buttons. */}
        {open && !hasVoted ? (
          <VoteButtons hasVoted={false} pending={vote.isPending} describedBy={headingId} onVote={onVote} />
        ) : null}
      </li>
    );
  }

  return (
    <article className="card voting-card" data-testid="voting-card" aria-labelledby={headingId}>
      <SubmissionBanner submission={submission} className="voting-card__banner" />
      <header className="voting-card__head">
        <SubmissionLogo submission={submission} />
        <h3 id={headingId}>{submission.name}</h3>
        <span className="pill pill--success">Active</span>
        <NetworkBadge network={submission.network} />
      </header>
      <SubmissionDetails submission={submission} classPrefix="voting-card" />
      <div className="voting-card__counts">
        <span className="vote-count--yes">Yes {formatCount(submission.yesVotes)}</span>
        <span className="vote-count--no">No {formatCount(submission.noVotes)}</span>
        <span className="muted">
          {formatCount(submission.totalVotes)} {submission.totalVotes === 1 ? 'vote' : 'votes'}
        </span>
      </div>
      <SplitBar shares={shares} />
      <div className="voting-card__foot">
        <span className="voting-card__countdown">{countdown}</span>
        <span className="muted">{votingProjectionText(submission)}</span>
      </div>
      {open ? (
        <div className="voting-card__vote">
          {hasVoted ? <p className="voting-card__done">✓ You have voted on this submission</p> : null}
          <VoteButtons hasVoted={hasVoted} pending={vote.isPending} describedBy={headingId} onVote={onVote} />
        </div>
      ) : null}
    </article>
  );
}
