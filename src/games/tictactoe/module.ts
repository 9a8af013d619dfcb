import type { GameModule } from '../GameModule';
import type { SyncedGame } from '../../sync/SyncedGame';
import Board from './components/Board';
import { QUIET_REASONS, tictactoeGame } from './index';

/** TicTacToe as the room sees it. */
const tictactoe: GameModule = {
  Board,
  credits: {
    text: 'Credits for this example:',
    links: [{ label: 'React tutorial: Tic-Tac-Toe', href: 'https://react.dev/learn/tutorial-tic-tac-toe' }],
  },
  showsCursors: true,
  // SyncedGame is invariant in its state type; the registry holds every game's as unknown (see GameModule).
  synced: tictactoeGame as SyncedGame<unknown>,
  quietReasons: QUIET_REASONS,
};

export default tictactoe;
