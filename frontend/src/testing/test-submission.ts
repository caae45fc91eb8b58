import type { AdminCollectionSubmission, CollectionSubmission } from '@nexus/contract';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A community submission open for voting: no votes yet, no links or images, voting ending in three
 * days, never reviewed. The fields a test looks at are given.
 */
export function testSubmission(
  fields: Pick<CollectionSubmission, 'id' | 'name'> & Partial<CollectionSubmission>,
): CollectionSubmission {
  return {
    network: 'polygon',
    contractAddress: '0x1234567890abcdef1234567890abcdef12345678',
    description: '',
    website: '',
    discord: '',
    twitter: '',
    telegram: '',
    bannerUrl: '',
    logoUrl: '',
    status: 'voting',
    totalVotes: 0,
    yesVotes: 0,
    noVotes: 0,
    votingEndsAt: new Date(Date.now() + 3 * DAY).toISOString(),
    submittedAt: new Date().toISOString(),
    adminNotes: null,
    reviewedAt: null,
    reviewedBy: null,
    ...fields,
  };
}

/** The same as the admin screens read it: the submitter left no contact details. */
export function testAdminSubmission(
  fields: Pick<AdminCollectionSubmission, 'id' | 'name'> & Partial<AdminCollectionSubmission>,
): AdminCollectionSubmission {
  return { ...testSubmission(fields), submitterEmail: '', submitterContact: '', ...fields };
}
