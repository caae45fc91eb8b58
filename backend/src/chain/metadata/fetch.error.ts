// The one outbound-fetch error of the chain adapters lives in ../outbound; metadata and media code
// import it from here as well.
export { FetchError, type FetchErrorKind } from '../outbound/fetch.error.js';
