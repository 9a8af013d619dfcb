/** Okey's selectors over the root state the app hands in. */
export { okeySelectors as okey } from '../slice';
