import type { GameModule } from '../GameModule';
import Board from './components/Board';
import seating from './seating';

/** Okey as the room sees it. */
const okey: GameModule = {
  Board,
  credits: {
    text: 'Sound effects: the bell and the tile click are synthesised for this project from sine and noise envelopes by scripts/makeSounds.ts; no stock audio is used.',
    links: [],
  },
  showsCursors: false,
  rules: seating,
};

export default okey;
