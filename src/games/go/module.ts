import type { GameModule } from '../GameModule';
import Board from './components/Board';

/** Go as the room sees it. */
const go: GameModule = {
  Board,
  credits: null,
  showsCursors: true,
};

export default go;
