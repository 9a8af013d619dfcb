import { describe, expect, it } from 'vitest';
import okeySeating, { mayDrive } from '../../../../src/games/okey/seating';
import type { DeckTable } from '../../../../src/games/shared/maskedDeck/table';
import type { OkeyState } from '../../../../src/games/okey/rules/types';
import { dealt } from './okeyTables';

const bot = (n: number) => ({ id: `bot:${n}`, name: `Bot ${n}` });
/** Two bots at a dealt table, seat 1 bound to page A's key and seat 2 to page B's; masked when a deck is in play. */
function table(masked: boolean): OkeyState {
  const state = dealt(2);
  return {
    ...state,
    players: state.players.map((s) => ({ ...s, user: bot(s.id) })),
    seatKeys: { '1': { key: 'key-a', seq: 0 }, '2': { key: 'key-b', seq: 0 } },
    ...(masked ? { deck: { seats: ['1', '2'] } as unknown as DeckTable } : {}),
  };
}
const page = (name: string, key: string, chosen: boolean) => ({
  by: { id: name, name },
  clientId: name === 'a' ? 1 : 2,
  key,
  chosen,
});

describe('who drives a bot', () => {
  it('lets the page its masked bot is bound to move it, chosen or not, and no other page that is not chosen', () => {
    const state = table(true);
    expect(mayDrive(state, 2, page('b', 'key-b', false))).toBe(true);
    expect(mayDrive(state, 1, page('b', 'key-b', false))).toBe(false);
    expect(mayDrive(state, 1, page('a', 'key-a', true))).toBe(true);
  });

  it('leaves a bot dealt face-up to the chosen page alone', () => {
    const state = table(false);
    expect(mayDrive(state, 2, page('b', 'key-b', false))).toBe(false);
    expect(mayDrive(state, 2, page('a', 'key-a', true))).toBe(true);
    expect(okeySeating.botAction?.(state, page('b', 'key-b', false))).toBeNull();
  });

  it('has only the chosen page take over the bots it does not drive, between rounds', () => {
    const between = { ...table(false), gameState: 'finish' as const };
    expect(okeySeating.botAction?.(between, page('b', 'key-b', false))).toBeNull();
    expect(okeySeating.botAction?.(between, page('a', 'key-a', true))).toMatchObject({
      type: 'okey/botTakenOver',
      payload: { seatId: 2 },
    });
  });
});
