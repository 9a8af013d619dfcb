import { stateOf } from '../../world';
import { OKEY } from '../rules/actions';
import { createInitialState } from '../rules/setup';
import { okeySlice } from '../slice';

/** The slice's selectors, reading the Okey state from the root state the app hands in (a fresh table until loaded). */
export const okey = okeySlice.getSelectors(stateOf(OKEY, createInitialState()));
