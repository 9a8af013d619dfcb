import { stateOf } from '../../world';
import { setup } from '../rules/game';
import { tictactoeSlice } from '../slice';

/** The slice's selectors, reading the TicTacToe state from the root state the app hands in. */
export const ttt = tictactoeSlice.getSelectors(stateOf(tictactoeSlice.name, setup()));
