import type { GameModule } from '../GameModule';
import Board from './components/Board';

/** Okey as the room sees it. */
const okey: GameModule = {
  Board,
  credits: {
    text: 'Sound effects: the bell and the tile click are synthesised for this project (scripts/makeSounds.ts), not taken from a stock audio site.',
    links: [],
  },
  showsCursors: false,
};

export default okey;
