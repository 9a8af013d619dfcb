import { describe, expect, it } from 'vitest';
import { makeStore, type RootState } from '../../../../src/app/store';
import { presenceChanged, type RoomParticipant } from '../../../../src/app/room/roomSlice';
import { seatChores } from '../../../../src/app/room/useSeatDepartures';
import okeySeating from '../../../../src/games/okey/seating';
import goSeating from '../../../../src/games/go/seating';
import { applyOkeyAction } from '../../../../src/games/okey/rules/actions';
import { createInitialState } from '../../../../src/games/okey/rules/setup';
import type { OkeyState } from '../../../../src/games/okey/rules/types';
import { englishText } from '../../../../src/i18n/reasons';

const person = (n: number, clientId: number) => ({ by: { id: `u${n}`, name: `P${n}` }, clientId });
const present = (...people: [number, number][]): RoomParticipant[] =>
  people.map(([n, clientId]) => ({
    clientId,
    user: { id: `u${n}`, name: `P${n}`, color: 'red' },
    color: 'blue',
    x: null,
    y: null,
  }));

/** The room state with these pages present and an Okey table where these people sat, in seat order. */
function roomWith(pages: ReturnType<typeof present>, seated: ReturnType<typeof person>[]): RootState {
  const store = makeStore();
  store.dispatch(presenceChanged(pages));
  const okey = seated.reduce<OkeyState>((state, who, i) => {
    const result = applyOkeyAction(state, { type: 'okey/seatTaken', payload: { ...who, seatId: i + 1 } });
    if (!result.ok) throw new Error(englishText(result.reason));
    return result.state;
  }, createInitialState());
  return { ...store.getState(), okey, go: goSeating.game.initialState } as RootState;
}

describe('seatChores', () => {
  const games = [okeySeating, goSeating];

  it('has the present page with the smallest client id free the seats whose tab and user are both gone', () => {
    const state = roomWith(present([2, 20], [3, 30]), [person(1, 10), person(2, 20)]);
    expect(seatChores(state, games, person(2, 20))).toBe('okey:10||');
    expect(seatChores(state, games, person(3, 30))).toBe('||');
  });

  it('frees no seat whose user is present in another tab', () => {
    const state = roomWith(present([1, 11], [2, 20]), [person(1, 10), person(2, 20)]);
    expect(seatChores(state, games, person(1, 11))).toBe('|okey|');
    expect(seatChores(state, games, person(2, 20))).toBe('||');
  });

  it('does nothing on a page that is not yet among the present', () => {
    const state = roomWith(present([2, 20]), [person(1, 10)]);
    expect(seatChores(state, games, person(3, 5))).toBe('||');
    expect(seatChores(state, games, null)).toBe('||');
  });

  it('skips a game whose state the store does not hold', () => {
    const state = roomWith(present([2, 20]), [person(1, 10)]);
    const { okey: _okey, ...withoutOkey } = state as unknown as Record<string, unknown>;
    expect(seatChores(withoutOkey as unknown as RootState, games, person(2, 20))).toBe('||');
  });

  it("takes back a seat the game kept for this page's user after a departure, while the page is here", () => {
    const state = roomWith(present([1, 12], [2, 20]), [person(1, 11), person(2, 20)]);
    const okey = (state as unknown as { okey: OkeyState }).okey;
    const kept = {
      ...okey,
      players: okey.players.map((seat) => (seat.id === 1 ? { ...seat, user: null, userKey: null } : seat)),
      departed: { 1: 'u1' },
    };
    const withKept = { ...state, okey: kept } as RootState;
    expect(seatChores(withKept, games, person(1, 12))).toBe('||okey');
    expect(seatChores(withKept, games, person(2, 20))).toBe('||');
    expect(okeySeating.keptSeat?.(kept, 'u1')).toBe(1);
    const action = okeySeating.reclaimed?.(person(1, 12), 1);
    expect(action).toMatchObject({
      type: 'okey/seatTaken',
      payload: { by: { id: 'u1' }, clientId: 12, seatId: 1 },
    });
  });
});
