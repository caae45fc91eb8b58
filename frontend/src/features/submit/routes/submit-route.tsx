export { SubmitCollectionPage as Component } from '../components/submit-collection-page';
