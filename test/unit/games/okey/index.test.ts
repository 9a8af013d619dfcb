import { describe, expect, it } from 'vitest';
import { okeyGame } from '../../../../src/games/okey/index';
import { createInitialState } from '../../../../src/games/okey/rules/setup';
import type { OkeyState } from '../../../../src/games/okey/rules/types';
import { actor, dealt, snapshot } from './okeyTables';
import { foldStep, refusalOf } from '../../../../src/sync/log/SyncedGame';
import { inEnglish } from '../../../helpers/english';

describe('okeyGame', () => {
  it('names the game okey and stores it at okey-state / game-state', () => {
    expect(okeyGame.name).toBe('okey');
    expect(okeyGame.snapshotPath).toEqual(['okey-state', 'game-state']);
    expect(okeyGame.initialState).toEqual(createInitialState());
  });

  it("keeps every field of the state in the snapshot but the masked deck's proofs, which the log holds", () => {
    const state = { ...dealt(2), deck: { room: 'r' } as unknown as NonNullable<OkeyState['deck']> };
    const { deck: _deck, ...rest } = state;
    expect(okeyGame.snapshotOf?.(state)).toEqual(rest);
    expect(okeyGame.snapshotOf?.(dealt(2))).toEqual(dealt(2));
  });

  it.each([
    {
      name: 'a valid action validates and folds',
      action: { type: 'okey/tileDiscarded', payload: { ...actor(1), tileId: 'red2-0' } },
      reason: null,
      changes: true,
    },
    {
      name: 'an out-of-turn action gives the spec text and changes nothing',
      action: { type: 'okey/tileDiscarded', payload: { ...actor(2), tileId: 'black4-0' } },
      reason: 'Not your turn',
      changes: false,
    },
    {
      name: 'another game action is refused',
      action: { type: 'go/stonePlaced', payload: {} },
      reason: 'Unknown action',
      changes: false,
    },
  ])('$name', ({ action, reason, changes }) => {
    const state = dealt(2);
    const copy = snapshot(state);
    expect(inEnglish(refusalOf(okeyGame, state, action))).toBe(reason);
    const after = foldStep(okeyGame)(state, action);
    expect(after === state).toBe(!changes);
    expect(state).toEqual(copy);
  });
});
