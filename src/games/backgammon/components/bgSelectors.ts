import { stateOf } from '../../world';
import { setup } from '../rules/game';
import { backgammonSlice } from '../slice';

const selectRoot = stateOf(backgammonSlice.name, setup());

/** The slice's selectors, reading the Backgammon state from the root state the app hands in, plus the whole state. */
export const bg = { ...backgammonSlice.getSelectors(selectRoot), selectState: selectRoot };
