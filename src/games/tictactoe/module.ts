import type { GameModule } from '../GameModule';
import Board from './components/Board';
import seating from './seating';

/** TicTacToe as the room sees it. */
const tictactoe: GameModule = {
  Board,
  credits: {
    text: 'common:creditsIntro',
    links: [{ label: 'tictactoe:creditLink', href: 'https://react.dev/learn/tutorial-tic-tac-toe' }],
  },
  showsCursors: true,
  rules: seating,
};

export default tictactoe;
