import type { GameModule } from '../GameModule';
import Board from './components/Board';
import seating from './seating';

/** TicTacToe as the room sees it. */
const tictactoe: GameModule = {
  Board,
  credits: {
    text: 'Credits for this example:',
    links: [{ label: 'React tutorial: Tic-Tac-Toe', href: 'https://react.dev/learn/tutorial-tic-tac-toe' }],
  },
  showsCursors: true,
  rules: seating,
};

export default tictactoe;
