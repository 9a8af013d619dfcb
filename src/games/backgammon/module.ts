import type { GameModule } from '../GameModule';
import type { SyncedGame } from '../../sync/SyncedGame';
import Board from './components/Board';
import { backgammonGame, QUIET_REASONS } from './index';

/** Backgammon as the room sees it. */
const backgammon: GameModule = {
  Board,
  credits: {
    text: 'Credits for this example:',
    links: [{ label: 'gnubg', href: 'https://git.savannah.gnu.org/cgit/gnubg.git' }],
  },
  showsCursors: true,
  // SyncedGame is invariant in its state type; the registry holds every game's as unknown (see GameModule).
  synced: backgammonGame as SyncedGame<unknown>,
  quietReasons: QUIET_REASONS,
};

export default backgammon;
