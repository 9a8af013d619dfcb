import type { GameModule } from '../GameModule';
import Board from './components/Board';
import seating from './seating';

/** Go as the room sees it. */
const go: GameModule = {
  Board,
  credits: null,
  showsCursors: true,
  synced: seating.game,
  quietReasons: seating.quietReasons,
};

export default go;
