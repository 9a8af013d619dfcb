import type { GameModule } from '../GameModule';
import Board from './components/Board';
import seating from './seating';

/** Go as the room sees it. */
const go: GameModule = {
  Board,
  credits: null,
  showsCursors: true,
  rules: seating,
};

export default go;
