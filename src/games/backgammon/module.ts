import type { GameModule } from '../GameModule';
import Board from './components/Board';
import seating from './seating';

/** Backgammon as the room sees it. */
const backgammon: GameModule = {
  Board,
  credits: {
    text: 'common:creditsIntro',
    links: [{ label: 'backgammon:creditLink', href: 'https://git.savannah.gnu.org/cgit/gnubg.git' }],
  },
  showsCursors: true,
  rules: seating,
};

export default backgammon;
