/** Builders shared by the Okey tests: people, racks written as text, and games dealt from a chosen tile order. */
import { applyOkeyAction, type OkeyPayloads } from '../../../../src/games/okey/rules/actions';
import { RACK_SIZE } from '../../../../src/games/okey/rules/hand';
import { createInitialState } from '../../../../src/games/okey/rules/setup';
import { createTile, createTileSet } from '../../../../src/games/okey/rules/tiles';
import type { Actor, ColorName, OkeyState, Tile } from '../../../../src/games/okey/rules/types';
import { englishText } from '../../../../src/i18n/reasons';

/** The n-th test person and the tab they act from. */
export const actor = (n: number): Actor => ({ by: { id: `user${n}`, name: `Name${n}` }, clientId: 100 + n });

/** A tile by name ('red5', 'yellow👌'), copy 0 unless given. */
export function tile(name: string, copy = 0): Tile {
  const match = /^(red|black|blue|yellow)(.+)$/.exec(name);
  if (!match) throw new Error(`no tile named ${name}`);
  const rank = match[2] === '👌' ? '👌' : Number(match[2]);
  return createTile(match[1] as ColorName, rank, copy);
}

/** A 26-slot rack from space-separated names, '.' for an empty slot, '|' ignored; names repeat as copy 1. */
export function rack(text: string): (Tile | null)[] {
  const seen = new Set<string>();
  const slots = text
    .split(/\s+/)
    .filter((w) => w && w !== '|')
    .map((w) => {
      if (w === '.') return null;
      const copy = seen.has(w) ? 1 : 0;
      seen.add(w);
      return tile(w, copy);
    });
  return [...slots, ...Array.from({ length: RACK_SIZE - slots.length }, () => null)];
}

/** Every tile id, with these first in this order and the rest in the set's fixed order. */
export function orderWith(first: string[]): string[] {
  return [
    ...first,
    ...createTileSet()
      .map((t) => t.id)
      .filter((id) => !first.includes(id)),
  ];
}

/** Applies an Okey event and fails the test when it is refused. */
export function must<K extends keyof OkeyPayloads>(
  state: OkeyState,
  event: K,
  payload: OkeyPayloads[K],
): OkeyState {
  const result = applyOkeyAction(state, { type: `okey/${event}`, payload });
  if (!result.ok) throw new Error(`okey/${event} refused: ${englishText(result.reason)}`);
  return result.state;
}

/** The refusal reason of an Okey event, or 'accepted'. */
export function reasonOf<K extends keyof OkeyPayloads>(
  state: OkeyState,
  event: K,
  payload: OkeyPayloads[K],
): string {
  const result = applyOkeyAction(state, { type: `okey/${event}`, payload });
  return result.ok ? 'accepted' : englishText(result.reason);
}

/** A fresh table with persons 1..n in seats 1..n (or the given seats). */
export function seated(n: number, seats: number[] = [1, 2, 3, 4]): OkeyState {
  let state = createInitialState();
  for (let i = 1; i <= n; i++) state = must(state, 'seatTaken', { ...actor(i), seatId: seats[i - 1] });
  return state;
}

/** A game in play with n seated persons dealt from the given first tile ids (indicator first, then 15, 14, ...). */
export function dealt(n: number, first: string[] = [], seats?: number[]): OkeyState {
  return must(seated(n, seats), 'gameStarted', { ...actor(1), order: orderWith(first) });
}

/** A deep copy for checking that a rule left its input untouched. */
export const snapshot = <T>(value: T): T => structuredClone(value);

/** Rearranges person n's rack by swaps so that each listed tile id sits in its slot; other tiles go where the swaps put them. */
export function arranged(state: OkeyState, n: number, layout: Record<number, string>): OkeyState {
  let next = state;
  for (const [slot, id] of Object.entries(layout)) {
    const hand = next.players.find((s) => s.user?.id === actor(n).by.id)!.hand;
    const from = hand.findIndex((t) => t?.id === id);
    if (from !== Number(slot))
      next = must(next, 'tileMoved', { ...actor(n), fromSlot: from, toSlot: Number(slot) });
  }
  return next;
}

/** The current player draws the draw pile's top into the first empty slot, if they hold 14, then discards the given tile or the one drawn. */
export function playTurn(state: OkeyState, discardId?: string): OkeyState {
  const seat = state.players.find((s) => s.id === state.currentPlayer)!;
  const n = Number(seat.user!.id.slice(4));
  let next = state;
  let drawn = seat.hand.find((t) => t !== null)!.id;
  if (seat.hand.filter((t) => t !== null).length === 14) {
    drawn = state.drawPile[0].id;
    next = must(next, 'tileDrawn', { ...actor(n), tileId: drawn, toSlot: seat.hand.indexOf(null) });
  }
  return must(next, 'tileDiscarded', { ...actor(n), tileId: discardId ?? drawn });
}
