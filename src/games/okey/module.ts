import type { GameModule } from '../GameModule';
import type { SyncedGame } from '../../sync/SyncedGame';
import Board from './components/Board';
import { okeyGame } from './index';
import { QUIET_REASONS } from './rules/messages';

/** Okey as the room sees it. */
const okey: GameModule = {
  Board,
  credits: {
    text: 'Sound effects: the bell and the tile click are synthesised for this project from sine and noise envelopes by scripts/makeSounds.ts; no stock audio is used.',
    links: [],
  },
  showsCursors: false,
  // SyncedGame is invariant in its state type; the registry holds every game's as unknown (see GameModule).
  synced: okeyGame as SyncedGame<unknown>,
  // Refusals the spec gives no text for (a seat taken a moment earlier, a stale departure) make no toast.
  quietReasons: Object.values(QUIET_REASONS),
};

export default okey;
