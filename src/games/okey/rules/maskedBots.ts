import { openedTile } from '../../shared/maskedDeck/table';
import { isBotsMove } from './bot';
import { tileOfIndex } from './deck';
import { botUser, emptySeat, isBot, previousSeat, seatOfUser } from './seats';
import { isMasked, openRack } from './tiles';
import { discardTop } from './turn';
import type { BotMoveRecord, OkeyState, Result, Seat, TableTile } from './types';

// A bot's moves while its rack is masked (docs/hidden-tiles.md): only its driver reads the rack, so no other page can
// play the bot's turn again as it comes. Each such move is kept with what the bot saw, and once the round has opened
// every tile of those racks, every page plays each turn again: a move the bot would not have made voids the round.

/** The fields of a move that say what the bot chose (its tile, its slot, its layout), without who sent it. */
const CHOICE_FIELDS = ['tileId', 'toSlot', 'fromSlot', 'slots'] as const;

/** The record of a move in a bot's seat whose rack is masked, from the state before it; null for any other move. */
export function botMoveRecord(state: OkeyState, event: string, payload: object): BotMoveRecord | null {
  const by = (payload as { by?: { id?: unknown } }).by?.id;
  const seat = typeof by === 'string' ? seatOfUser(state, by) : null;
  if (!state.deck || !seat || !isBot(seat.user) || openRack(seat.hand) !== null) return null;
  const made = payload as Record<string, unknown>;
  const choice = Object.fromEntries(CHOICE_FIELDS.filter((f) => f in made).map((f) => [f, made[f]]));
  const previous = previousSeat(state, seat.id);
  return {
    seat: seat.id,
    hand: seat.hand,
    offered: previous.id === seat.id ? null : discardTop(previous),
    top: state.drawPile[0] ?? null,
    event,
    payload: choice,
  };
}

/** A rule that keeps the record of a masked bot's move it takes. */
export const keepingBotMoves =
  <P extends object, A extends unknown[]>(
    event: string,
    rule: (state: OkeyState, payload: P, ...rest: A) => Result<OkeyState>,
  ) =>
  (state: OkeyState, payload: P, ...rest: A): Result<OkeyState> => {
    const result = rule(state, payload, ...rest);
    const record = result.ok ? botMoveRecord(state, event, payload) : null;
    if (!result.ok || record === null) return result;
    return { ok: true, state: { ...result.state, botMoves: [...(result.state.botMoves ?? []), record] } };
  };

/** A record's rack with every tile opened by the state's deck, or null while one is still masked. */
function openedHand(state: OkeyState, record: BotMoveRecord): TableTile[] | null {
  const deck = state.deck;
  const hand: TableTile[] = [];
  for (const tile of record.hand) {
    if (tile === null || !isMasked(tile)) {
      hand.push(tile as TableTile);
      continue;
    }
    const index = deck ? openedTile(deck, tile.position) : null;
    const face = index === null ? null : tileOfIndex(index);
    if (face === null) return null;
    // It keeps its masked id: the bot's move named the tile as the state did.
    hand.push({ ...face, id: tile.id, source: tile.source, hidden: tile.hidden });
  }
  return hand;
}

/** Whether every kept record's rack is open now: the round's end has come for its bots' moves. */
export const botMovesOpen = (state: OkeyState): boolean =>
  (state.botMoves ?? []).every((record) => openedHand(state, record) !== null);

/**
 * The seat of the first kept bot move that is not the move the bot makes from what it saw, now that its rack is
 * open; null when every one is. Costly (each bot turn played again): a move's check, never a late joiner's first fold.
 */
export function botMoveFault(records: readonly BotMoveRecord[], state: OkeyState): number | null {
  for (const record of records) {
    const hand = openedHand(state, record);
    if (hand === null) continue;
    const bot: Seat = { ...emptySeat(record.seat), user: botUser(record.seat), hand };
    // What the bot saw: its rack, the previous seat's discard, the pile's top and the indicator.
    const before: Seat[] = record.offered ? [{ ...emptySeat(0), discardPile: [record.offered] }] : [];
    const view: OkeyState = {
      ...state,
      gameState: 'play',
      currentPlayer: record.seat,
      players: [...before, bot],
      drawPile: record.top ? [record.top] : [],
    };
    if (!isBotsMove(view, bot.user!.id, record.event, record.payload)) return record.seat;
  }
  return null;
}

/**
 * A rule of the round's end (a rack opened, a seed revealed) that lets the kept bot moves go once every one's rack is
 * open, with its check: then every kept move is played again, and one the bot would not have made voids the round,
 * naming the bot. The check is the costly part, left out of a late joiner's first fold as every bot check is.
 */
export function endingBotMoves<P extends object>(
  rule: (state: OkeyState, payload: P) => Result<OkeyState>,
  voidRound: (state: OkeyState, seatId: number) => OkeyState,
) {
  const settled = (state: OkeyState, payload: P): Result<OkeyState> => {
    const result = rule(state, payload);
    if (!result.ok || !result.state.botMoves || !botMovesOpen(result.state)) return result;
    const { botMoves: _checked, ...after } = result.state;
    return { ok: true, state: after };
  };
  const check = (state: OkeyState, payload: P): Result<OkeyState> | null => {
    if (!state.botMoves) return null;
    const result = settled(state, payload);
    if (!result.ok || result.state.botMoves) return result;
    const cheat = botMoveFault(state.botMoves, result.state);
    return cheat === null ? result : { ok: true, state: voidRound(result.state, cheat) };
  };
  return { rule: settled, check };
}
