import { stateOf } from '../../world';
import { setup } from '../rules/game';
import { goSlice } from '../slice';

const selectRoot = stateOf(goSlice.name, setup());

/** The slice's selectors, reading the Go state from the root state the app hands in, plus the whole state for the SGF. */
export const go = { ...goSlice.getSelectors(selectRoot), selectGoState: selectRoot };
