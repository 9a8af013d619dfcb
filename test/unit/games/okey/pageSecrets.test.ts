import { describe, expect, it, vi } from 'vitest';
import { roundSecret, roundSecretKey } from '../../../../src/games/shared/roundSecrets';
import { secretsOf, withRackRead } from '../../../../src/games/okey/pageSecrets';
import { openDeck } from '../../../../src/games/okey/rules/maskedRound';
import { deckSeat } from '../../../../src/games/okey/rules/deck';
import { isMasked } from '../../../../src/games/okey/rules/tiles';
import type { OkeyState } from '../../../../src/games/okey/rules/types';
import { apply, playMaskedTurn, untilSettled } from '../../../helpers/maskedOkey';
import { actor, seated } from './okeyTables';

const ROOM = 'room-rack-read';
const seat = (state: OkeyState, id: number) => state.players.find((s) => s.id === id)!;

describe('a rack as its page reads it', () => {
  it("keeps the seat and its tiles while another seat's move leaves the rack as it reads, so the rack draws nothing again", async () => {
    // Node has no IndexedDB: the page keeps its round secrets in memory.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const opened = openDeck(seated(3), ROOM);
    const secrets = await Promise.all(
      [1, 2, 3].map(async (id) =>
        secretsOf(id, (await roundSecret(roundSecretKey(ROOM, opened.deck!.round, deckSeat(id)), true))!),
      ),
    );
    let state = untilSettled(opened, secrets);
    while (state.currentPlayer === 1) state = playMaskedTurn(state, secrets);
    const before = withRackRead(state, 3);
    expect(seat(before, 3).hand.filter((t) => t !== null && !isMasked(t))).toHaveLength(14);
    // Seat 2 draws: the players change, seat 3's rack reads the same.
    const drawn = apply(state, 'tileDrawn', { ...actor(2), tileId: state.drawPile[0].id, toSlot: 20 });
    const after = withRackRead(drawn, 3);
    expect(after.players).not.toBe(before.players);
    expect(seat(after, 3)).toBe(seat(before, 3));
    expect(seat(after, 2)).toBe(seat(drawn, 2));
    // Seat 2's own rack changes with its draw: the tiles it held are the objects they were, the drawn one is new.
    const held = withRackRead(state, 2);
    const sealed = withRackRead(untilSettled(drawn, secrets), 2);
    const tiles = seat(sealed, 2).hand.filter((t) => t !== null);
    expect(tiles).toHaveLength(15);
    expect(tiles.filter((t) => seat(held, 2).hand.includes(t))).toHaveLength(14);
    expect(tiles.every((t) => !isMasked(t))).toBe(true);
    vi.restoreAllMocks();
  }, 120_000);
});
