export { DonatePage as Component } from '../../features/donate/components/donate-page';
