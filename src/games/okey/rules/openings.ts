import type { Reason } from '../../../i18n/reasons';
import { addOpening, openedTile } from '../../shared/maskedDeck/table';
import { DECK_REASONS, deckSeat, tileOfIndex } from './deck';
import { QUIET_REASONS, roundVoidMessage } from './messages';
import { isMasked } from './tiles';
import type { OkeyState, Result, TableTile, Tile } from './types';

// Openings (docs/hidden-tiles.md): a seat shows every page a tile it holds (a discard, a show, a finish, the round's
// end), which the table checks; one whose proof fails voids the round.

/**
 * The round void, naming the seat that broke the deck's rules (a signed message whose proof fails, or a shuffle its
 * seed does not give): it is over, no points move (each seat's points as it began), and the deck stays for the
 * replay to check.
 */
export function voidRound(state: OkeyState, seatId: number | null): OkeyState {
  // A void round's bots' moves count no more: nothing of the round does.
  const { restart: _asked, departed: _kept, botMoves: _moves, ...table } = state;
  const name = state.players.find((s) => s.id === seatId)?.user?.name;
  const points = state.pointsBefore ?? state.match.points;
  return {
    ...table,
    gameState: 'finish',
    currentPlayer: null,
    message: roundVoidMessage(name),
    match: { ...state.match, points: { ...points }, winner: null },
  };
}

/** A tile opened to every page, and the state whose deck holds its opening. */
export type Opened = { state: OkeyState; tile: Tile };

/** The round voided by an opening whose proof fails: the state after. */
export type Voided = { voided: OkeyState };

/**
 * A seat's tile as every page may know it now (a discard, a finish, a show): as it is when open, else opened by the
 * seat's opening of its deck position (its own share and every seal unsealed), which the table checks.
 */
export function openHeld(
  state: OkeyState,
  seatId: number,
  tile: TableTile,
  opening: unknown,
): Opened | Voided | Reason {
  if (!isMasked(tile)) return { state, tile };
  if (!state.deck) return QUIET_REASONS.notDealing;
  if (typeof opening !== 'object' || opening === null) return QUIET_REASONS.deckMalformed;
  const { own, unsealed } = opening as Record<string, unknown>;
  const taken = addOpening(state.deck, deckSeat(seatId), { position: tile.position, own, unsealed });
  if (!taken.ok && taken.fault === 'proof') return { voided: voidRound(state, seatId) };
  if (!taken.ok) return DECK_REASONS[taken.fault];
  const index = openedTile(taken.table, tile.position);
  const face = index === null ? null : tileOfIndex(index);
  // Every share proven, yet no tile: only a table whose every seat cheated together gets here.
  if (face === null) return QUIET_REASONS.deckProofFails;
  return {
    state: { ...state, deck: taken.table },
    tile: { ...face, source: tile.source, hidden: tile.hidden },
  };
}

/**
 * A seat's whole rack opened to every page (a finish): each masked tile by its opening in `openings` (a list of
 * `{ position, own, unsealed }`), the rack in the state holding the opened tiles.
 */
export function openRackOf(
  state: OkeyState,
  seatId: number,
  openings: unknown,
): { state: OkeyState; hand: (TableTile | null)[] } | Voided | Reason {
  const seat = state.players.find((s) => s.id === seatId);
  if (!seat) return QUIET_REASONS.notSeated;
  const list = Array.isArray(openings) ? (openings as unknown[]).slice(0, seat.hand.length) : [];
  const byPosition = new Map<unknown, unknown>(
    list.map((o) => [
      typeof o === 'object' && o !== null ? (o as Record<string, unknown>).position : null,
      o,
    ]),
  );
  let next = state;
  const hand: (TableTile | null)[] = [];
  for (const tile of seat.hand) {
    if (tile === null) {
      hand.push(null);
      continue;
    }
    const opened = openHeld(next, seatId, tile, isMasked(tile) ? byPosition.get(tile.position) : null);
    if (!('tile' in opened)) return opened;
    next = opened.state;
    hand.push(opened.tile);
  }
  const players = next.players.map((s) => (s.id === seatId ? { ...s, hand } : s));
  return { state: { ...next, players }, hand };
}

/** A rule's result from an opening: its state when opened, the void round, or the refusal. */
export function fromOpening<T extends { state: OkeyState }>(
  opened: T | Voided | Reason,
  then: (opened: T) => OkeyState | Result<OkeyState>,
): Result<OkeyState> {
  if ('voided' in opened) return { ok: true, state: opened.voided };
  if ('key' in opened) return { ok: false, reason: opened };
  const next = then(opened);
  return 'ok' in next ? next : { ok: true, state: next };
}
