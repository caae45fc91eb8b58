export { VotePage as Component } from '../../features/vote/components/vote-page';
