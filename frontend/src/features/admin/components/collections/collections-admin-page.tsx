import { SUBMISSION_STATUSES } from '@nexus/contract';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { Spinner } from '../../../../components/spinner';
import { useAdminSubmissions, useSubmissionStats, type SubmissionFilter } from '../../api/submissions-admin';
import { STATUS_LABELS } from '../../lib/submission-review';
import { AdminTabs } from '../ui/admin-tabs';
import { LoadFailed } from '../ui/load-failed';
import { StatTiles } from '../ui/stat-tiles';
import { SubmissionCard } from './submission-card';
import './collections-admin-page.css';

const FILTERS: readonly SubmissionFilter[] = ['all', ...SUBMISSION_STATUSES];

function SubmissionList({ filter }: { filter: SubmissionFilter }) {
  const submissions = useAdminSubmissions(filter);

  if (submissions.isError && !submissions.data) {
    return (
      <LoadFailed
        title="Failed to load submissions"
        query={submissions}
        fallback="Please try again."
        testId="submissions-error"
      />
    );
  }
  if (submissions.isPending) return <Spinner label="Loading submissions..." />;
  const list = submissions.data ?? [];
  if (list.length === 0) {
    return <EmptyState title="No submissions found for this status." testId="submissions-empty" />;
  }
  return (
    <div className="admin-review-list">
      {list.map((submission) => (
        <SubmissionCard key={submission.id} submission={submission} />
      ))}
    </div>
  );
}

/** /admin/collections: stats, a tab per status, a review card per submission (SPEC §2). */
export function CollectionsAdminPage() {
  const [filter, setFilter] = useState<SubmissionFilter>('all');
  const figures = useSubmissionStats().data;

  return (
    <div className="admin-stack">
      <StatTiles
        label="Submission statistics"
        tiles={[
          { label: 'Total', value: figures?.total, testId: 'stat-total' },
          { label: 'Pending', value: figures?.pending, testId: 'stat-pending', tone: 'pending' },
          { label: 'Voting', value: figures?.voting, testId: 'stat-voting', tone: 'voting' },
          { label: 'Approved', value: figures?.approved, testId: 'stat-approved', tone: 'approved' },
          { label: 'Rejected', value: figures?.rejected, testId: 'stat-rejected', tone: 'rejected' },
        ]}
      />
      <AdminTabs
        label="Submission status"
        value={filter}
        onValueChange={setFilter}
        tabs={FILTERS.map((value) => ({
          value,
          label: value === 'all' ? 'All' : STATUS_LABELS[value],
          content: <SubmissionList filter={value} />,
        }))}
      />
    </div>
  );
}
