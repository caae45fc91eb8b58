export { DonatePage as Component } from '../components/donate-page';
