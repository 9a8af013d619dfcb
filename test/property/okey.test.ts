import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { okeyGame } from '../../src/games/okey/index';
import { applyOkeyAction, type OkeyLogEntry } from '../../src/games/okey/rules/actions';
import { arrangeRack } from '../../src/games/okey/rules/arrange';
import { turnNumber } from '../../src/games/okey/rules/turn';
import { checkInvariants } from '../../src/games/okey/rules/integrity';
import { createInitialState } from '../../src/games/okey/rules/setup';
import { createTileSet, openRack, shuffledTileIds } from '../../src/games/okey/rules/tiles';
import type { OkeyState, Tile } from '../../src/games/okey/rules/types';
import { actor } from '../unit/games/okey/okeyTables';
import { foldStep, refusalOf } from '../../src/sync/log/SyncedGame';
import { fcSettings } from '../helpers/fcSettings';

const SEED = 20240611;
const IDS = createTileSet().map((t) => t.id);
const KINDS = [
  'turn',
  'draw',
  'discard',
  'finish',
  'move',
  'flip',
  'arrange',
  'show',
  'timer',
  'timeout',
  'sit',
  'stand',
  'depart',
  'rebind',
  'start',
  'reset',
  'newGame',
] as const;
type Command = { kind: (typeof KINDS)[number]; who: number; a: number; b: number };

const command = fc.record({
  kind: fc.oneof(
    { arbitrary: fc.constant('turn' as const), weight: 6 },
    { arbitrary: fc.constantFrom(...KINDS), weight: 4 },
  ),
  who: fc.integer({ min: 1, max: 5 }),
  a: fc.nat(1000),
  b: fc.nat(1000),
});
const scenario = fc.record({
  players: fc.integer({ min: 2, max: 4 }),
  seed: fc.nat(),
  commands: fc.array(command, { minLength: 20, maxLength: 150, size: 'max' }),
});

/** A seeded random source for orders drawn inside a scenario. */
function lcg(seed: number): () => number {
  let s = (seed % 2147483646) + 1;
  return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
}

const seatOf = (state: OkeyState, who: number) =>
  state.players.find((s) => s.user?.id === actor(who).by.id) ?? null;
const handTiles = (state: OkeyState, who: number): Tile[] =>
  (seatOf(state, who)?.hand ?? []).filter((t): t is Tile => t !== null);
const drawable = (state: OkeyState): string[] =>
  [state.drawPile[0]?.id, ...state.players.map((s) => s.discardPile.at(-1)?.id)].filter(
    (id): id is string => !!id,
  );

/** Turns a generated command into a concrete log entry against the current state: often legal, sometimes not. */
function toAction(state: OkeyState, { kind, who, a, b }: Command): OkeyLogEntry {
  const me = actor(who);
  const own = handTiles(state, who);
  const someTile = a % 3 === 0 || own.length === 0 ? IDS[a % IDS.length] : own[a % own.length].id;
  const order = shuffledTileIds(lcg(a * 1000 + b));
  const at = (event: string, payload: unknown) => ({ type: `okey/${event}`, payload });
  switch (kind) {
    case 'turn': {
      const seat = state.players.find((s) => s.id === state.currentPlayer);
      const n = seat?.user ? Number(seat.user.id.slice(4)) : who;
      if (handTiles(state, n).length === 14)
        return at('tileDrawn', {
          ...actor(n),
          tileId: drawable(state)[a % 2 === 0 ? 0 : a % drawable(state).length] ?? 'x',
          toSlot: b % 26,
        });
      const mine = handTiles(state, n);
      return at('tileDiscarded', { ...actor(n), tileId: mine[a % Math.max(1, mine.length)]?.id ?? 'x' });
    }
    case 'draw':
      return at('tileDrawn', {
        ...me,
        tileId: a % 2 ? IDS[a % IDS.length] : (drawable(state)[b % 5] ?? 'x'),
        toSlot: (b % 28) - 1,
      });
    case 'discard':
      return at('tileDiscarded', { ...me, tileId: someTile });
    case 'finish':
      return at('finishDeclared', { ...me, tileId: someTile });
    case 'move':
      return at('tileMoved', { ...me, fromSlot: a % 26, toSlot: b % 27 });
    case 'flip':
      return at('tileFlipped', { ...me, tileId: someTile });
    case 'timer':
      return at('turnTimerSet', { ...me, seconds: [0, 15, 30, 60, 7][a % 5] });
    case 'timeout':
      return at('turnTimedOut', {
        ...me,
        seatId: state.currentPlayer ?? 1,
        turn: b % 3 === 0 ? b : turnNumber(state),
      });
    case 'show': {
      const twin = own.find((t) => t.name === state.okeyTile?.name);
      return at('indicatorShown', { ...me, tileId: twin && a % 3 !== 0 ? twin.id : someTile });
    }
    case 'arrange': {
      // Mostly a real arrangement of the actor's own rack; sometimes a forged one naming tiles they do not hold.
      const rack = openRack(seatOf(state, who)?.hand ?? []) ?? [];
      const slots = state.okeyTile
        ? arrangeRack(rack, state.okeyTile, b % 2 ? 'runs' : 'pairs').map((t) => t?.id ?? null)
        : rack.map((t) => t?.id ?? null);
      if (a % 5 === 0) slots[b % 26] = IDS[a % IDS.length];
      return at('rackArranged', { ...me, slots });
    }
    case 'sit':
      return at('seatTaken', { ...me, seatId: (b % 5) + 1 });
    case 'stand':
      return at('seatLeft', me);
    case 'depart':
      return at('playerDeparted', { clientId: 100 + (b % 6) });
    case 'rebind':
      return at('seatRebound', me);
    case 'start':
      return at('gameStarted', { ...me, order });
    case 'reset':
      return at('gameReset', { ...me, order });
    case 'newGame':
      return at('newGameStarted', { ...me, order });
  }
}

type Step = { before: OkeyState; action: OkeyLogEntry; result: ReturnType<typeof applyOkeyAction> };

/** Seats the players, starts a game, then plays the commands, calling onStep after each; returns the log. */
function play(
  { players, seed, commands }: { players: number; seed: number; commands: Command[] },
  onStep: (step: Step) => void,
): OkeyLogEntry[] {
  const log: OkeyLogEntry[] = [];
  for (let n = 1; n <= players; n++)
    log.push({ type: 'okey/seatTaken', payload: { ...actor(n), seatId: n } });
  log.push({ type: 'okey/gameStarted', payload: { ...actor(1), order: shuffledTileIds(lcg(seed)) } });
  let state = createInitialState();
  const apply = (action: OkeyLogEntry) => {
    const result = applyOkeyAction(state, action);
    onStep({ before: state, action, result });
    if (result.ok) state = result.state;
  };
  log.forEach(apply);
  for (const c of commands) {
    const action = toAction(state, c);
    log.push(action);
    apply(action);
  }
  return log;
}

const fold = (log: OkeyLogEntry[]) =>
  log.reduce((s, a) => {
    const r = applyOkeyAction(s, a);
    return r.ok ? r.state : s;
  }, createInitialState());

const params = fcSettings(SEED, 50);

describe('Okey over random action sequences for 2 to 4 players', () => {
  it('always holds 106 tiles, each id exactly once, and hands of 14 or 15 during play', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        play(s, ({ result }) => {
          if (result.ok) expect(checkInvariants(result.state)).toEqual([]);
        });
      }),
      params,
    );
  });

  it('lets only the current player draw, discard or declare a finish', () => {
    const turnEvents = ['okey/tileDrawn', 'okey/tileDiscarded', 'okey/finishDeclared'];
    fc.assert(
      fc.property(scenario, (s) => {
        play(s, ({ before, action, result }) => {
          if (!result.ok || !turnEvents.includes(action.type)) return;
          const by = (action.payload as { by: { id: string } }).by.id;
          expect(before.gameState).toBe('play');
          expect(before.players.find((seat) => seat.user?.id === by)?.id).toBe(before.currentPlayer);
        });
      }),
      params,
    );
  });

  it('leaves the state unchanged, and never mutates it, when an action is refused', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        play(s, ({ before, action }) => {
          const copy = JSON.stringify(before);
          const reason = refusalOf(okeyGame, before, action);
          const after = foldStep(okeyGame)(before, action);
          expect(JSON.stringify(before)).toBe(copy);
          if (reason !== null) expect(after).toBe(before);
        });
      }),
      params,
    );
  });

  it('moves points only when a round is won (2, or 4) or the indicator shown (1), and only for the other players', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        play(s, ({ before, action, result }) => {
          if (!result.ok) return;
          const after = result.state.match.points;
          const changed = Object.keys(after).filter((id) => after[id] !== before.match.points[id]);
          if (changed.length === 0) return;
          const fresh = Object.values(after).every((p) => p === 20);
          if (fresh && (action.type === 'okey/gameReset' || action.type === 'okey/newGameStarted')) return;
          const actorSeat = before.players.find(
            (seat) => seat.user?.id === (action.payload as { by: { id: string } }).by.id,
          )?.id;
          const expected =
            action.type === 'okey/indicatorShown' ? [1] : action.type === 'okey/finishDeclared' ? [2, 4] : [];
          const drops = new Set(changed.map((id) => before.match.points[id] - after[id]));
          expect(drops.size).toBe(1);
          expect(expected).toContain([...drops][0]);
          expect(changed).not.toContain(String(actorSeat));
          const others = before.players
            .filter((seat) => seat.id !== actorSeat)
            .map((seat) => String(seat.id));
          expect(changed.sort()).toEqual(others.sort());
        });
      }),
      params,
    );
  });

  it('folds the same log to identical states, which survive a JSON round trip', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const log = play(s, () => {});
        const first = fold(log);
        expect(fold(JSON.parse(JSON.stringify(log)))).toEqual(first);
        expect(JSON.parse(JSON.stringify(first))).toEqual(first);
      }),
      params,
    );
  });
});
