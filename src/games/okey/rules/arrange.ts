import { RACK_SIZE } from './hand';
import { COLOR_NAMES, COLOR_HEX, MAX_RANK, isJoker, isOkey, okeyValueOf } from './tiles';
import type { Tile } from './types';

/** How the player asks the rack to be laid out: runs and sets ("Seri diz"), or pairs ("Çift diz"). */
export type ArrangeMode = 'runs' | 'pairs';

/** A tile's value as the groups read it: jokers carry the okey's value, the okey itself is wild. */
type Valued = { tile: Tile; key: string | null };

/** One group laid out: its tiles in order. */
type Group = Tile[];

const keyOf = (color: string, rank: number) => `${color}/${rank}`;

/** A tile's rank for sorting; jokers after every number. */
const rankOf = (tile: Tile): number => (isJoker(tile) ? MAX_RANK + 1 : Number(tile.rank));

function valued(tile: Tile, indicator: Tile): Valued {
  const okey = okeyValueOf(indicator);
  if (isJoker(tile)) return { tile, key: keyOf(okey.color, okey.rank) };
  if (isOkey(tile, indicator)) return { tile, key: null };
  return { tile, key: keyOf(tile.color, Number(tile.rank)) };
}

/** Every set and run a hand could hold, as the keys it needs in order: sets of 3 or 4 colours, runs of 3 to 13. */
const CANDIDATES: readonly string[][] = (() => {
  const groups: string[][] = [];
  const colors = COLOR_NAMES.map((name) => COLOR_HEX[name]);
  for (let rank = 1; rank <= MAX_RANK; rank++) {
    for (let skip = -1; skip < colors.length; skip++)
      groups.push(colors.filter((_, i) => i !== skip).map((color) => keyOf(color, rank)));
  }
  for (const color of colors) {
    // Runs rise from `start`; one may go on from 13 to 1 at its top (12-13-1), never on to 2 (so it starts at 3).
    for (let start = 1; start <= MAX_RANK; start++) {
      const top = start >= 3 ? MAX_RANK + 1 : MAX_RANK;
      for (let length = 3; start + length - 1 <= top; length++) {
        groups.push(Array.from({ length }, (_, i) => keyOf(color, ((start + i - 1) % MAX_RANK) + 1)));
      }
    }
  }
  return groups;
})();

/** The best cover found: groups of keys ('' for a wild's place) and how many tiles they hold. */
type Cover = { groups: string[][]; covered: number };

/** Every key a tile can have, in the order the search takes them (the keys' text order). */
const KEYS: readonly string[] = [...new Set(CANDIDATES.flat())].sort();
const KEY_INDEX = new Map(KEYS.map((key, i) => [key, i]));
/** The candidate groups as key indexes, and for each key the groups holding it, in CANDIDATES' order. */
const GROUPS: readonly number[][] = CANDIDATES.map((group) =>
  group.map((key) => KEY_INDEX.get(key) as number),
);
const GROUPS_WITH: readonly (readonly number[][])[] = KEYS.map((_, k) => GROUPS.filter((g) => g.includes(k)));

/**
 * Covers already searched, by what was left (counts per key, wilds): the best cover of a hand depends on nothing
 * else, so a bot weighing each of its tiles, and every page checking the bot's move, reuses one another's searches.
 */
const covers = new Map<string, Cover>();
// The reuse is within one decision and the next few: a fresh page's fold of 3,861 bot moves ran as fast with 20,000
// kept as with 200,000, and held 9 MB of heap after it instead of 33 MB.
const COVERS_KEPT = 20_000;
const NO_COVER: Cover = { groups: [], covered: 0 };

/**
 * The groups that hold the most tiles: a complete search over the hand (at most 15 tiles), memoised on what is left.
 * The first tile left is either kept out of every group or put in one of the candidate groups it belongs to, with
 * wilds standing in for the keys the hand lacks. A bot runs it for every tile it weighs, and every page runs it again
 * to check the bot's move (a late joiner for every move the room's bots ever made): it allocates nothing per group
 * tried, and keys its memo on the tiles left alone (every key before the first one left is spent).
 */
function bestCover(hand: readonly Valued[]): Cover {
  const counts = new Uint8Array(KEYS.length);
  let wilds = 0;
  for (const { key } of hand) {
    if (key === null) wilds++;
    else counts[KEY_INDEX.get(key) as number]++;
  }
  if (covers.size > COVERS_KEPT) covers.clear();
  const search = (wildsLeft: number, left: number): Cover => {
    if (left === 0) return NO_COVER;
    let first = 0;
    while (counts[first] === 0) first++;
    let state = String.fromCharCode(wildsLeft);
    for (let key = first; key < counts.length; key++)
      if (counts[key] > 0) state += String.fromCharCode(key * 8 + counts[key]);
    const known = covers.get(state);
    if (known) return known;
    // Kept out: the first tile stays a leftover.
    counts[first]--;
    let best = search(wildsLeft, left - 1);
    counts[first]++;
    for (const group of GROUPS_WITH[first]) {
      // No cover holds more than every tile left.
      if (best.covered === left + wildsLeft) break;
      // Bit i set: the hand fills the group's i-th key; clear: a wild takes its place. The group holds the first tile
      // itself, so it is never wilds alone.
      let filled = 0;
      let wildsUsed = 0;
      for (let i = 0; i < group.length; i++) {
        if (counts[group[i]] > 0) {
          counts[group[i]]--;
          filled |= 1 << i;
        } else wildsUsed++;
      }
      if (wildsUsed <= wildsLeft) {
        const rest = search(wildsLeft - wildsUsed, left - group.length + wildsUsed);
        if (rest.covered + group.length > best.covered) {
          const keys = group.map((key, i) => (filled & (1 << i) ? KEYS[key] : ''));
          best = { groups: [keys, ...rest.groups], covered: rest.covered + group.length };
        }
      }
      for (let i = 0; i < group.length; i++) if (filled & (1 << i)) counts[group[i]]++;
    }
    covers.set(state, best);
    return best;
  };
  return search(wilds, hand.length - wilds);
}

/** How many of these tiles the best layout into runs and sets holds (wilds included). */
export function coveredCount(tiles: readonly Tile[], indicator: Tile): number {
  return bestCover(tiles.map((t) => valued(t, indicator))).covered;
}

/** Pairs: two tiles of one colour and rank side by side; a wild beside a tile left alone; the rest left over. */
function pairGroups(hand: Valued[]): { groups: Group[]; rest: Tile[] } {
  const byKey = new Map<string, Tile[]>();
  const wilds: Tile[] = [];
  for (const { tile, key } of hand) {
    if (key === null) wilds.push(tile);
    else byKey.set(key, [...(byKey.get(key) ?? []), tile]);
  }
  const groups: Group[] = [];
  const singles: Tile[] = [];
  for (const key of [...byKey.keys()].sort()) {
    const tiles = byKey.get(key) ?? [];
    while (tiles.length >= 2) groups.push(tiles.splice(0, 2));
    singles.push(...tiles);
  }
  while (wilds.length > 0 && singles.length > 0)
    groups.push([singles.shift() as Tile, wilds.shift() as Tile]);
  if (wilds.length === 2) groups.push(wilds.splice(0, 2));
  return { groups, rest: [...singles, ...wilds] };
}

/** Runs and sets: the cover that holds the most tiles, its keys swapped back for the hand's own tiles. */
function runGroups(hand: Valued[]): { groups: Group[]; rest: Tile[] } {
  const wilds = hand.filter((v) => v.key === null).map((v) => v.tile);
  const cover = bestCover(hand);
  const pool = hand.filter((v) => v.key !== null);
  const take = (key: string): Tile => {
    const at = pool.findIndex((v) => v.key === key);
    return pool.splice(at, 1)[0].tile;
  };
  const groups = cover.groups.map((keys) =>
    keys.map((key) => (key === '' ? (wilds.shift() as Tile) : take(key))),
  );
  return { groups, rest: [...pool.map((v) => v.tile), ...wilds] };
}

/** The slots of one of the rack's two rows. */
const ROW = RACK_SIZE / 2;

/**
 * Groups one after another with an empty slot between them, the leftovers last after a gap. With `rows`, a group that
 * would run over the end of the top row starts the bottom row instead, as a player lays it; that may no longer fit in
 * the rack, and the caller then lays them in one line. The finish check reads the rack as one line: the gaps between
 * groups are what keep them apart.
 */
function layOut(groups: readonly Tile[][], rest: readonly Tile[], rows: boolean): (Tile | null)[] {
  const laid: (Tile | null)[] = [];
  for (const group of groups) {
    if (laid.length > 0) laid.push(null);
    if (rows && laid.length < ROW && laid.length + group.length > ROW)
      while (laid.length < ROW) laid.push(null);
    laid.push(...group);
  }
  if (rest.length > 0) {
    if (laid.length > 0) laid.push(null);
    laid.push(...rest);
  }
  return laid;
}

/**
 * Lays the rack out into groups separated by an empty slot, the tiles left over at the end after a gap: runs and sets
 * ('runs', holding as many tiles as any layout can, wilds standing in where they complete a group), or pairs
 * ('pairs'). 26 slots in, 26 out; no tile lost, added or repeated. A rack that holds a winning hand comes out as one
 * the finish check accepts. A move within the player's own hand: no other page sees it.
 */
export function arrangeRack(
  rack: readonly (Tile | null)[],
  indicator: Tile,
  mode: ArrangeMode,
): (Tile | null)[] {
  const hand = rack.filter((t): t is Tile => t !== null).map((t) => valued(t, indicator));
  const { groups, rest } = mode === 'pairs' ? pairGroups(hand) : runGroups(hand);
  // The leftovers by colour, then rank, as a player sorts what is not in a group yet.
  const order = COLOR_NAMES.map((name) => COLOR_HEX[name]);
  rest.sort((a, b) => order.indexOf(a.color) - order.indexOf(b.color) || rankOf(a) - rankOf(b));
  const byRows = layOut(groups, rest, true);
  const laid = byRows.length <= RACK_SIZE ? byRows : layOut(groups, rest, false);
  // Too many gaps for 26 slots (never with 15 tiles in groups of 2 or more): drop gaps from the end of the groups.
  while (laid.length > RACK_SIZE) laid.splice(laid.lastIndexOf(null), 1);
  return [...laid, ...Array.from({ length: RACK_SIZE - laid.length }, () => null)];
}
