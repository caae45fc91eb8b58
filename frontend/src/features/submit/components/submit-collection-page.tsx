import { useState } from 'react';
import { VOTING } from '@nexus/contract';
import { PageShell } from '../../../components/page-shell';
import { SubmissionForm } from './submission-form';
import { SubmissionSuccess } from './submission-success';
import './submit.css';

export function SubmitCollectionPage() {
  const [submissionId, setSubmissionId] = useState<string | null>(null);

  return (
    <PageShell
      title="Submit Collection for Whitelist"
      subtitle={`Propose an NFT collection: the community votes on it for ${VOTING.durationDays} days.`}
      backTo={{ to: '/', label: 'Back to Home' }}
    >
      <div className="submit-page">
        {submissionId === null ? (
          <SubmissionForm onSubmitted={(created) => setSubmissionId(created.submissionId)} />
        ) : (
          <SubmissionSuccess submissionId={submissionId} />
        )}
      </div>
    </PageShell>
  );
}
