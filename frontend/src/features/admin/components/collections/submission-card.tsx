import {
  AUTO_APPROVE_NOTE,
  SUBMISSION_STATUSES,
  VOTING,
  canAutoApprove,
  meetsApprovalThreshold,
  voteShares,
  votingTimeLeft,
  type AdminCollectionSubmission,
  type SubmissionStatus,
} from '@nexus/contract';
import { useId, useState } from 'react';
import { NetworkBadge } from '../../../../components/network-badge';
import { toast } from '../../../../components/toast/toast-store';
import { errorText } from '../../../../lib/api-client';
import { formatCount } from '../../../../lib/format';
import { reviewBody, useDeleteSubmission, useUpdateSubmission } from '../../api/submissions-admin';
import { safeExternalHref } from '../../lib/safe-link';
import { formatDate } from '../../lib/format-time';
import { STATUS_LABELS, votesNeeded } from '../../lib/submission-review';
import {
  CollapsibleDescription,
  GalleryLink,
  SubmissionBanner,
  SubmissionLogo,
} from '../../../../components/submission-identity';
import { ConfirmDialog } from '../ui/confirm-dialog';
import './submission-card.css';
import { LabelledOptions } from '../../../../components/labelled-options';
import { SplitBar } from '../../../../components/split-bar';

const DELETE_QUESTION = 'Are you sure you want to delete this submission? This action cannot be undone.';

function isStatus(value: string): value is SubmissionStatus {
  return (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

function VotingProgress({ submission }: { submission: AdminCollectionSubmission }) {
  const { yesVotes, noVotes, totalVotes } = submission;
  const shares = voteShares(submission);
  const needed = votesNeeded(totalVotes);
  return (
    <div className="admin-review-card__voting" data-testid="voting-progress">
      <div className="admin-spread admin-review-card__counts">
        <span className="admin-vote-count admin-vote-count--yes">Yes {formatCount(yesVotes)}</span>
        <span className="admin-vote-count admin-vote-count--no">No {formatCount(noVotes)}</span>
        <span className="muted">
          {formatCount(totalVotes)} / {VOTING.minVotes} votes
        </span>
      </div>
      <SplitBar shares={shares} />
      <div className="admin-spread admin-review-card__counts muted">
        <span>{votingTimeLeft(submission.votingEndsAt)}</span>
        <span>
          {needed > 0 ? `${needed} more ${needed === 1 ? 'vote' : 'votes'} needed` : 'Minimum reached'}
        </span>
      </div>
    </div>
  );
}

/** SPEC §2 admin submission card: review (status, notes), Auto-Approve, delete. */
export function SubmissionCard({ submission }: { submission: AdminCollectionSubmission }) {
  const fieldId = useId();
  const serverNotes = submission.adminNotes ?? '';
  const [status, setStatus] = useState<SubmissionStatus>(submission.status);
  const [notes, setNotes] = useState(serverNotes);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // When the server's values change (after a save, or a poll), the form follows them.
  const [shown, setShown] = useState({ status: submission.status, notes: serverNotes });
  if (shown.status !== submission.status || shown.notes !== serverNotes) {
    setShown({ status: submission.status, notes: serverNotes });
    setStatus(submission.status);
    setNotes(serverNotes);
  }

  const update = useUpdateSubmission();
  const remove = useDeleteSubmission();
  const saving = update.isPending;
  const changed = status !== submission.status || notes !== serverNotes;
  const willPass = submission.status === 'voting' && meetsApprovalThreshold(submission);
  const website = safeExternalHref(submission.website);

  const save = (nextStatus: SubmissionStatus, nextNotes: string) =>
    update.mutate(
      { id: submission.id, body: reviewBody(nextStatus, nextNotes) },
      {
        onSuccess: () =>
          toast({
            title: 'Submission Updated',
            description: 'Collection submission has been updated successfully.',
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: 'Update Failed',
            description: errorText(error, 'Failed to update submission'),
            variant: 'destructive',
          }),
      },
    );

  const confirmDelete = () =>
    remove.mutate(submission.id, {
      onSuccess: () =>
        toast({
          title: 'Submission Deleted',
          description: 'Collection submission has been deleted successfully.',
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Delete Failed',
          description: errorText(error, 'Failed to delete submission'),
          variant: 'destructive',
        }),
    });

  return (
    <article
      className="card admin-review-card"
      data-testid="submission-admin-card"
      aria-label={submission.name}
    >
      <SubmissionBanner submission={submission} className="admin-review-card__banner" />
      <header className="admin-spread admin-review-card__head">
        <div className="admin-review-card__title">
          <SubmissionLogo submission={submission} />
          <h3>{submission.name}</h3>
          <span
            className={`pill admin-status-badge admin-status-badge--${submission.status}`}
            data-testid="status-badge"
          >
            {STATUS_LABELS[submission.status]}
          </span>
          {willPass ? (
            <span className="pill admin-status-badge admin-status-badge--pass" data-testid="will-pass">
              Will Pass
            </span>
          ) : null}
          <NetworkBadge network={submission.network} />
        </div>
        <div className="admin-review-card__links">
          {website ? (
            <a
              className="button button--ghost admin-button--sm"
              href={website}
              target="_blank"
              rel="noopener noreferrer"
            >
              Website ↗
            </a>
          ) : null}
          <button
            type="button"
            className="button button--ghost admin-button--sm admin-button--danger-ghost"
            onClick={() => setConfirmingDelete(true)}
            disabled={remove.isPending}
            aria-label={`Delete ${submission.name}`}
          >
            Delete
          </button>
        </div>
      </header>

      <code className="admin-review-card__contract">{submission.contractAddress}</code>
      <GalleryLink submission={submission} />
      <CollapsibleDescription text={submission.description} className="admin-review-card__description" />
      {submission.submitterEmail || submission.submitterContact ? (
        <p className="admin-review-card__meta muted">
          Contact: {[submission.submitterEmail, submission.submitterContact].filter(Boolean).join(' · ')}
        </p>
      ) : null}

      {submission.status === 'voting' ? <VotingProgress submission={submission} /> : null}

      <div className="admin-review-card__form">
        <div className="admin-spread admin-review-card__row">
          <label className="field admin-review-card__status" htmlFor={`${fieldId}-status`}>
            <span className="field__label">Status</span>
            <select
              id={`${fieldId}-status`}
              className="select-field__control"
              value={status}
              disabled={saving}
              onChange={(event) => {
                if (isStatus(event.target.value)) setStatus(event.target.value);
              }}
            >
              <LabelledOptions values={SUBMISSION_STATUSES} labels={STATUS_LABELS} />
            </select>
          </label>
          <div className="admin-review-card__dates muted">
            <span>Submitted {formatDate(submission.submittedAt)}</span>
            {submission.reviewedAt ? (
              <span>
                Reviewed {formatDate(submission.reviewedAt)}
                {submission.reviewedBy ? ` by ${submission.reviewedBy}` : ''}
              </span>
            ) : null}
          </div>
        </div>
        <label className="field" htmlFor={`${fieldId}-notes`}>
          <span className="field__label">Admin Notes</span>
          <textarea
            id={`${fieldId}-notes`}
            className="text-field admin-textarea"
            rows={3}
            value={notes}
            disabled={saving}
            placeholder="Add notes about this submission..."
            onChange={(event) => setNotes(event.target.value)}
          />
        </label>
        <div className="admin-review-card__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={saving || !changed}
            aria-busy={saving}
            onClick={() => save(status, notes)}
          >
            Update
          </button>
          {canAutoApprove(submission) ? (
            <button
              type="button"
              className="button admin-button--success"
              disabled={saving}
              onClick={() => save('approved', AUTO_APPROVE_NOTE)}
            >
              Auto-Approve
            </button>
          ) : null}
        </div>
      </div>

      <ConfirmDialog
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        message={DELETE_QUESTION}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
      />
    </article>
  );
}
