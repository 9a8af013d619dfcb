import { arrangeRack, coveredCount } from './arrange';
import { checkFinish } from './finish';
import { MAX_HAND, RACK_SIZE, tileCount } from './hand';
import { isBot, previousSeat, seatOfUser } from './seats';
import { openRack } from './tiles';
import { discardTop, drawPileTop } from './turn';
import type { OkeyState, Tile } from './types';

/** One move a bot makes: the event and its payload, without who drives it (the driving page adds its tab). */
export type BotMove =
  | { event: 'tileDrawn'; payload: { tileId: string; toSlot: number } }
  | { event: 'rackArranged'; payload: { slots: (string | null)[] } }
  | { event: 'finishDeclared'; payload: { tileId: string } }
  | { event: 'tileDiscarded'; payload: { tileId: string } };

const held = (rack: readonly (Tile | null)[]): Tile[] => rack.filter((t): t is Tile => t !== null);
const ids = (rack: readonly (Tile | null)[]) => rack.map((t) => t?.id ?? null);

/** A rack laid out so that the 14 tiles without `out` win, `out` last after a gap; null when they do not win. */
function winningLayout(tiles: readonly Tile[], out: Tile, indicator: Tile): (Tile | null)[] | null {
  const rest = tiles.filter((t) => t !== out);
  for (const mode of ['runs', 'pairs'] as const) {
    const laid = arrangeRack(rest, indicator, mode);
    if (checkFinish(laid, indicator).ok) return placeLast(laid, out);
  }
  return null;
}

/** The rack with `tile` after the last group, a gap between them; in the last free slot when the row ends first. */
function placeLast(rack: (Tile | null)[], tile: Tile): (Tile | null)[] {
  const last = rack.reduce((at, t, i) => (t ? i : at), -1);
  const slot = last + 2 < RACK_SIZE ? last + 2 : rack.lastIndexOf(null);
  const next = [...rack];
  next[slot] = tile;
  return next;
}

/**
 * What a bot in this seat does now, or null when it is not its turn: it takes the previous seat's discard when that
 * tile lets more of its tiles into groups, else the draw pile's top; with 15 tiles it finishes when it can (laying the
 * rack out for the finish first), else it discards the tile whose loss keeps the most tiles in groups.
 */
export function botMove(state: OkeyState, seatId: number): BotMove | null {
  const seat = state.players.find((s) => s.id === seatId);
  const indicator = state.okeyTile;
  if (
    !seat ||
    !indicator ||
    state.gameState !== 'play' ||
    state.currentPlayer !== seatId ||
    !isBot(seat.user)
  )
    return null;
  // A bot chooses from its rack as its driver reads it: a state with the rack masked is not its driver's view.
  const rack = openRack(seat.hand);
  if (rack === null) return null;
  const tiles = held(rack);
  const toSlot = rack.indexOf(null);
  if (tileCount(seat.hand) < MAX_HAND) {
    const previous = previousSeat(state, seatId);
    const offered = previous.id === seatId ? null : discardTop(previous);
    const useful = offered && coveredCount([...tiles, offered], indicator) > coveredCount(tiles, indicator);
    const take = useful ? offered : drawPileTop(state);
    return take ? { event: 'tileDrawn', payload: { tileId: take.id, toSlot } } : null;
  }
  // A finish needs 14 tiles in groups, or seven pairs: most turns are spared the search for one.
  const pairs = new Map<string, number>();
  for (const t of tiles) pairs.set(t.name, (pairs.get(t.name) ?? 0) + 1);
  const covered = coveredCount(tiles, indicator);
  const mayWin = covered >= MAX_HAND - 1 || [...pairs.values()].filter((n) => n >= 2).length >= 7;
  const candidates = mayWin ? tiles : [];
  // The rack as it lies may already win without one tile (the finish checks the rack without the dropped tile's slot).
  for (const out of candidates) {
    const slot = rack.indexOf(out);
    if (
      checkFinish(
        rack.map((t, i) => (i === slot ? null : t)),
        indicator,
      ).ok
    )
      return { event: 'finishDeclared', payload: { tileId: out.id } };
  }
  // Else lay it out for a finish first: the next decision then finishes from that layout.
  for (const out of candidates) {
    const layout = winningLayout(tiles, out, indicator);
    if (layout) return { event: 'rackArranged', payload: { slots: ids(layout) } };
  }
  let worst = tiles[0];
  let best = -1;
  for (const tile of tiles) {
    const kept = coveredCount(
      tiles.filter((t) => t !== tile),
      indicator,
    );
    if (kept > best) {
      best = kept;
      worst = tile;
    }
    // Losing a tile never lets more tiles into groups: one whose loss keeps them all is the first best, and every
    // page checking the bot's move (a late joiner folds each one the room ever made) is spared the rest.
    if (best === covered) break;
  }
  return { event: 'tileDiscarded', payload: { tileId: worst.id } };
}

/**
 * Whether a move in a bot's seat is the one the bot makes there now: the page driving a bot chooses nothing, since
 * every fold plays the bot's turn again and refuses any other move in its seat (a discard that feeds the driver, an
 * indicator shown for points). Moves of a person's seat are not the bot's business (true).
 */
export function isBotsMove(state: OkeyState, by: string | null, event: string, payload: object): boolean {
  const seat = by === null ? null : seatOfUser(state, by);
  if (!seat || !isBot(seat.user)) return true;
  // A masked rack is its driver's alone to read: the bot's moves are checked once the round has opened every rack
  // (docs/hidden-tiles.md, step 5).
  if (openRack(seat.hand) === null) return true;
  const move = botMove(state, seat.id);
  if (!move || move.event !== event) return false;
  const made = payload as Record<string, unknown>;
  // The values are tile ids, slot numbers and lists of them: their JSON is equal exactly when they are.
  return Object.entries(move.payload).every(
    ([key, value]) => JSON.stringify(made[key]) === JSON.stringify(value),
  );
}
