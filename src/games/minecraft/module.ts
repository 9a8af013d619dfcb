import type { GameModule } from '../GameModule';
import type { SyncedGame } from '../../sync/SyncedGame';
import Board from './components/Board';
import { minecraftGame, QUIET_REASONS } from './index';

/** Minecraft as the room sees it. */
const minecraft: GameModule = {
  Board,
  credits: {
    text: 'Credits for this example:',
    links: [
      { label: 'Minecraft on YouTube', href: 'https://www.youtube.com/@minecraft' },
      { label: 'pmndrs/react-three-fiber', href: 'https://github.com/pmndrs/react-three-fiber' },
    ],
  },
  showsCursors: false,
  // SyncedGame is invariant in its state type; the registry holds every game's as unknown (see GameModule).
  synced: minecraftGame as SyncedGame<unknown>,
  quietReasons: QUIET_REASONS,
};

export default minecraft;
