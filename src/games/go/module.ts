import type { GameModule } from '../GameModule';
import type { SyncedGame } from '../../sync/SyncedGame';
import Board from './components/Board';
import { QUIET_REASONS, goGame } from './index';

/** Go as the room sees it. */
const go: GameModule = {
  Board,
  credits: null,
  showsCursors: true,
  // SyncedGame is invariant in its state type; the registry holds every game's as unknown (see GameModule).
  synced: goGame as SyncedGame<unknown>,
  quietReasons: QUIET_REASONS,
};

export default go;
