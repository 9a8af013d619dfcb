import type { SyncedGame } from '../../sync/SyncedGame';
import { setup } from './rules/game';
import type { GoState } from './rules/types';
import { applyGoAction, goSlice } from './slice';

export { goSlice, applyGoAction } from './slice';
export {
  seatTaken,
  seatLeft,
  seatRebound,
  boardSizeChosen,
  komiChosen,
  stonePlaced,
  turnPassed,
  gameResigned,
  deadStonesToggled,
  scoreAccepted,
  newGameStarted,
} from './slice';
export { toSgf } from './rules/sgf';

/** Go as the sync bridge sees it: its log folds through applyGoAction; refused actions change nothing. */
export const goGame: SyncedGame<GoState> = {
  name: goSlice.name,
  snapshotPath: ['go-state', 'game-state'],
  initialState: setup(),
  reducer(state, action) {
    const result = applyGoAction(state, action);
    return result.ok ? result.state : state;
  },
  validate(state, action) {
    const result = applyGoAction(state, action);
    return result.ok ? null : result.reason;
  },
};

/** Route metadata for the room's sidebar and page: the title, and remote cursors shown; Go shows no credits. */
export const goRoute = { title: 'Go', showsCursors: true, credits: null } as const;
