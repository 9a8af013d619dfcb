import type { GameModule } from '../GameModule';
import Board from './components/Board';
import seating from './seating';

/** Okey as the room sees it. */
const okey: GameModule = {
  Board,
  credits: {
    text: 'okey:credits',
    links: [],
  },
  showsCursors: false,
  rules: seating,
};

export default okey;
