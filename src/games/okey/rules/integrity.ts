import { DEAL_OTHERS, MAX_HAND, RACK_SIZE, tileCount } from './hand';
import { TILE_COUNT, isMasked } from './tiles';
import type { OkeyState, TableTile } from './types';

/** Every tile on the table: draw pile, indicator, hands and discard piles; masked ones too. */
export function allTiles(state: OkeyState): TableTile[] {
  const tiles = [...state.drawPile];
  if (state.okeyTile) tiles.push(state.okeyTile);
  for (const seat of state.players) {
    for (const tile of seat.hand) if (tile) tiles.push(tile);
    tiles.push(...seat.discardPile);
  }
  return tiles;
}

/** The integrity check: tile names present more than twice on the table ('Duplicate tile detected' when any). */
export function findDuplicateTiles(state: OkeyState): string[] {
  const counts = new Map<string, number>();
  // A masked tile's name is nobody's to count; its opening is checked by its proofs.
  for (const tile of allTiles(state))
    if (!isMasked(tile)) counts.set(tile.name, (counts.get(tile.name) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 2).map(([name]) => name);
}

/** Broken invariants in plain words: 106 tiles each once, 26-slot racks, hand sizes in play. Empty when sound. */
export function checkInvariants(state: OkeyState): string[] {
  const problems: string[] = [];
  // One pass over the table: every fold runs this after every step, so it builds no list of the tiles.
  const ids = new Set<string>();
  const names = new Map<string, number>();
  let count = 0;
  const see = (tile: TableTile) => {
    count++;
    ids.add(tile.id);
    if (!isMasked(tile)) names.set(tile.name, (names.get(tile.name) ?? 0) + 1);
  };
  state.drawPile.forEach(see);
  if (state.okeyTile) see(state.okeyTile);
  for (const seat of state.players) {
    for (const tile of seat.hand) if (tile) see(tile);
    seat.discardPile.forEach(see);
  }
  if (count !== TILE_COUNT) problems.push(`${count} tiles on the table, expected ${TILE_COUNT}`);
  if (ids.size !== count) problems.push('a tile id appears more than once');
  for (const [name, n] of names) if (n > 2) problems.push(`tile name ${name} appears more than twice`);
  for (const seat of state.players) {
    if (seat.hand.length !== RACK_SIZE) problems.push(`seat ${seat.id} has ${seat.hand.length} slots`);
    const held = tileCount(seat.hand);
    if (state.gameState === 'play' && (held < DEAL_OTHERS || held > MAX_HAND))
      problems.push(`seat ${seat.id} holds ${held} tiles in play`);
  }
  if (state.gameState === 'play' && !state.players.some((s) => s.id === state.currentPlayer)) {
    problems.push(`current player ${state.currentPlayer} has no seat`);
  }
  return problems;
}
