export { SubmitCollectionPage as Component } from '../../features/submit/components/submit-collection-page';
