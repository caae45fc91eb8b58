export { VotePage as Component } from '../components/vote-page';
