export { CommunityModule } from './community.module.js';
export { CollectionSubmissionEntity } from './collection-submission.entity.js';
export { CollectionVoteEntity } from './collection-vote.entity.js';
