import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backgammon } from '../../src/games/backgammon/slice';
import { go } from '../../src/games/go/slice';
import { okey } from '../../src/games/okey/slice';
import { tictactoe } from '../../src/games/tictactoe/slice';
import { signedText } from '../../src/sync/signing/signatures';
import type { LoggedAction, SyncedGame } from '../../src/sync/log/SyncedGame';
import { fcSettings } from '../helpers/fcSettings';
import { keyedActor, signAndFold, signText, testKey, type TestKey } from '../helpers/signing';
import { actor, orderWith } from '../unit/games/okey/okeyTables';
import { inEnglish } from '../helpers/english';

const ROOM = 'k3x9q2';
const ann = testKey(1);
const bob = testKey(2);
const eve = testKey(66);
const A = keyedActor(ann, 'Name1', 101);
const B = keyedActor(bob, 'Name2', 102);

type Script = { game: SyncedGame<unknown>; steps: (readonly [LoggedAction, TestKey])[] };

const step = (type: string, payload: object, who: TestKey) => [{ type, payload }, who] as const;

/** An honest stretch of each game with seats: two players sit (their keys recorded) and play signed moves. */
const SCRIPTS: Script[] = [
  {
    game: okey.synced as SyncedGame<unknown>,
    steps: [
      step('okey/seatTaken', { ...A, seatId: 1 }, ann),
      step('okey/seatTaken', { ...B, seatId: 2 }, bob),
      step('okey/botAdded', { ...A, seatId: 3 }, ann),
      step('okey/gameStarted', { ...A, order: orderWith([]) }, ann),
      step('okey/tileMoved', { ...A, fromSlot: 0, toSlot: 20 }, ann),
      step('okey/tileFlipped', { ...A, tileId: 'red2-0' }, ann),
      step('okey/tileDiscarded', { ...A, tileId: 'red2-0' }, ann),
      step('okey/tileMoved', { ...B, fromSlot: 0, toSlot: 21 }, bob),
      step('okey/botTakenOver', { ...B, seatId: 3 }, bob),
      step('okey/seatLeft', { ...B }, bob),
    ],
  },
  {
    game: tictactoe.synced as SyncedGame<unknown>,
    steps: [
      step('tictactoe/squareClaimed', { ...A, square: 0 }, ann),
      step('tictactoe/squareClaimed', { ...B, square: 4 }, bob),
      step('tictactoe/squareClaimed', { ...A, square: 1 }, ann),
      step('tictactoe/historyJumped', { ...B, step: 1 }, bob),
      step('tictactoe/squareClaimed', { ...B, square: 8 }, bob),
      step('tictactoe/newGameStarted', { ...A }, ann),
    ],
  },
  {
    game: go.synced as SyncedGame<unknown>,
    steps: [
      step('go/seatTaken', { ...A, stone: 'b' }, ann),
      step('go/seatTaken', { ...B, stone: 'w' }, bob),
      step('go/stonePlaced', { ...A, point: 0 }, ann),
      step('go/stonePlaced', { ...B, point: 5 }, bob),
      step('go/turnPassed', { ...A }, ann),
      step('go/stonePlaced', { ...B, point: 6 }, bob),
    ],
  },
  {
    game: backgammon.synced as SyncedGame<unknown>,
    steps: [
      step('backgammon/seatTaken', { ...A, side: 'white' }, ann),
      step('backgammon/seatTaken', { ...B, side: 'black' }, bob),
      step('backgammon/openingDieRolled', { ...A, die: 3 }, ann),
      step('backgammon/openingDieRolled', { ...B, die: 5 }, bob),
      step('backgammon/gameResigned', { ...B }, bob),
      step('backgammon/newGameStarted', { ...A }, ann),
    ],
  },
];

type Payload = Record<string, unknown> & { signer?: { seat: string; seq: number; key: string } };
const payloadOf = (action: LoggedAction) => action.payload as Payload;

/** What a page running other code can make of a signed entry it has seen, and of the signatures it has seen. */
const ATTACKS: Record<
  string,
  (action: LoggedAction, others: readonly LoggedAction[], game: string) => LoggedAction
> = {
  replayed: (action) => action,
  unsigned: (action) => {
    const { signer: _signer, signature: _signature, ...rest } = payloadOf(action);
    return { ...action, payload: rest };
  },
  signatureRemoved: (action) => {
    const { signature: _signature, ...rest } = payloadOf(action);
    return { ...action, payload: rest };
  },
  signatureSwapped: (action, others) => {
    const other = others.find((o) => payloadOf(o).signature !== payloadOf(action).signature);
    return { ...action, payload: { ...payloadOf(action), signature: payloadOf(other ?? action).signature } };
  },
  payloadAltered: (action) => ({ ...action, payload: { ...payloadOf(action), clientId: 999 } }),
  sequenceRaised: (action) => {
    const p = payloadOf(action);
    return { ...action, payload: { ...p, signer: { ...p.signer, seq: (p.signer?.seq ?? 0) + 100 } } };
  },
  signedByEve: (action, _others, game) => {
    const p = payloadOf(action);
    const payload = { ...p, signer: { ...p.signer, seq: (p.signer?.seq ?? 0) + 100, key: eve.key } };
    return {
      ...action,
      payload: { ...payload, signature: signText(signedText(ROOM, game, action.type, payload), eve) },
    };
  },
  eveClaimsTheKey: (action, _others, game) => {
    const p = payloadOf(action);
    const payload = { ...p, signer: { ...p.signer, seq: (p.signer?.seq ?? 0) + 100 } };
    return {
      ...action,
      payload: { ...payload, signature: signText(signedText(ROOM, game, action.type, payload), eve) },
    };
  },
  fromAnotherRoom: (action, _others, game) => {
    // The seat's own key, for the same seat, in another room: a signature that does not cover this room.
    const p = payloadOf(action);
    const payload = { ...p, signer: { ...p.signer, seq: (p.signer?.seq ?? 0) + 100 } };
    const who = p.signer?.key === bob.key ? bob : ann;
    return {
      ...action,
      payload: { ...payload, signature: signText(signedText('other', game, action.type, payload), who) },
    };
  },
  forAnotherGame: (action, _others, game) => {
    const p = payloadOf(action);
    const payload = { ...p, signer: { ...p.signer, seq: (p.signer?.seq ?? 0) + 100 } };
    const who = p.signer?.key === bob.key ? bob : ann;
    return {
      ...action,
      payload: { ...payload, signature: signText(signedText(ROOM, `${game}x`, action.type, payload), who) },
    };
  },
};

const fold = (game: SyncedGame<unknown>, log: readonly LoggedAction[]) =>
  log.reduce((state, action) => {
    const result = game.apply(state, { ...action, meta: { room: ROOM } });
    return result.ok ? result.state : state;
  }, game.initialState);

describe.each(SCRIPTS)('signed seat actions of $game.name', ({ game, steps }) => {
  const honest = signAndFold(game, steps, ROOM);

  it('fold cleanly when every seat action is signed by its own key', () => {
    expect(honest.refused).toEqual([]);
    expect(honest.log.filter((a) => 'signature' in payloadOf(a)).length).toBeGreaterThan(3);
  });

  it('never change the state when forged, unsigned, replayed or signature-swapped', () => {
    const signed = honest.log
      .map((action, i) => ({ action, i }))
      .filter(({ action }) => 'signature' in payloadOf(action));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            of: fc.nat(signed.length - 1),
            later: fc.nat(steps.length),
            attack: fc.constantFrom(...Object.keys(ATTACKS)),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (insertions) => {
          const log = [...honest.log];
          // Each forgery goes after the entry it is made from: a lying page works from what it has seen.
          const placed = insertions.map(({ of, later, attack }) => {
            const { action, i } = signed[of];
            const seen = honest.log.slice(0, i + 1);
            return {
              at: i + 1 + (later % (honest.log.length - i)),
              entry: ATTACKS[attack](action, seen, game.name),
            };
          });
          for (const { at, entry } of placed.sort((a, b) => b.at - a.at)) log.splice(at, 0, entry);
          expect(fold(game, log)).toEqual(honest.state);
        },
      ),
      fcSettings(20261126, 150),
    );
  });

  it('refuse each seat action whose signature is taken away, naming the signature', () => {
    for (const [i, action] of honest.log.entries()) {
      if (!('signature' in payloadOf(action))) continue;
      const before = fold(game, honest.log.slice(0, i));
      const unsigned = ATTACKS.signatureRemoved(action, [], game.name);
      const result = game.apply(before, { ...unsigned, meta: { room: ROOM } });
      expect(inEnglish(result)).toEqual({ ok: false, reason: 'Unsigned seat action' });
    }
  });
});

describe('moves anyone in the room may make', () => {
  const game = tictactoe.synced as SyncedGame<unknown>;
  const seated = signAndFold(
    game,
    [
      step('tictactoe/squareClaimed', { ...A, square: 0 }, ann),
      step('tictactoe/squareClaimed', { ...B, square: 4 }, bob),
      step('tictactoe/historyJumped', { ...A, step: 1 }, ann),
      step('tictactoe/newGameStarted', { ...B }, bob),
    ],
    ROOM,
  );

  it('are not signed, even by a seated player, and fold', () => {
    expect(seated.refused).toEqual([]);
    expect(seated.log.map((a) => 'signature' in payloadOf(a))).toEqual([true, true, false, false]);
  });

  it("have the same effect whoever makes them: one written in a player's name is a spectator's", () => {
    const moves = seated.log.slice(0, 2);
    const spectator = actor(3);
    for (const [inTheirName, bySpectator] of [
      [
        { type: 'tictactoe/historyJumped', payload: { ...A, step: 1 } },
        { type: 'tictactoe/historyJumped', payload: { ...spectator, step: 1 } },
      ],
      [
        { type: 'tictactoe/newGameStarted', payload: { ...B } },
        { type: 'tictactoe/newGameStarted', payload: { ...spectator } },
      ],
    ]) {
      const forged = fold(game, [...moves, inTheirName]);
      expect(forged).not.toEqual(fold(game, moves));
      expect(forged).toEqual(fold(game, [...moves, bySpectator]));
    }
  });

  it('ignore a signature they carry: it neither binds a key nor moves the sequence on', () => {
    const jump = seated.log[2];
    const withSignature = { ...jump, payload: { ...payloadOf(seated.log[1]), step: 1 } };
    const moves = seated.log.slice(0, 2);
    expect(fold(game, [...moves, withSignature])).toEqual(fold(game, [...moves, jump]));
  });
});

describe('a user id made from a key', () => {
  it('is 25 characters of 0-9 and a-z, and another for every key', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 65_000 }), fc.integer({ min: 1, max: 65_000 }), (a, b) => {
        const [idA, idB] = [keyedActor(testKey(a), '', 0).by.id, keyedActor(testKey(b), '', 0).by.id];
        expect(idA).toMatch(/^[0-9a-z]{25}$/);
        expect(idA === idB).toBe(a === b);
      }),
      fcSettings(50, 50),
    );
  });

  it("lets nobody sit in another user's id: a seat taken signed with any other key is refused, in every game", () => {
    const seats: [string, object][] = [
      ['okey/seatTaken', { seatId: 1 }],
      ['tictactoe/squareClaimed', { square: 0 }],
      ['go/seatTaken', { stone: 'b' }],
      ['backgammon/seatTaken', { side: 'white' }],
    ];
    for (const [type, move] of seats) {
      const game = SCRIPTS.find((s) => type.startsWith(`${s.game.name}/`))!.game;
      // Eve signs a Sit in Ann's id with her own key, before Ann ever sat: refused, and Ann then sits as herself.
      const squat = signAndFold(game, [step(type, { ...A, ...move }, eve)], ROOM);
      expect(inEnglish(squat.refused)).toEqual([`${type}: Not signed with the user's own key`]);
      expect(squat.state).toEqual(game.initialState);
      const own = signAndFold(
        game,
        [step(type, { ...A, ...move }, eve), step(type, { ...A, ...move }, ann)],
        ROOM,
      );
      expect(own.refused).toHaveLength(1);
      expect(own.state).not.toEqual(game.initialState);
    }
  });
});
