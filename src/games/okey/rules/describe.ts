import { englishText } from '../../../i18n/reasons';
import { ROW_LENGTH, tileCount } from './hand';
import { isMasked } from './tiles';
import type { OkeyState, TableTile } from './types';

// A masked tile shows as '#' and its deck position: nobody's page may name it.
const nameOf = (tile: TableTile | null): string =>
  tile ? (isMasked(tile) ? `#${tile.position}` : tile.name) : '.';

function describeRow(row: (TableTile | null)[]): string {
  return row.map(nameOf).join(' ');
}

/** A readable, multi-line account of the table: phase, message (in English), piles and every seat's rack. */
export function describeOkeyState(state: OkeyState): string {
  const lines = [
    `gameState: ${state.gameState}   currentPlayer: ${state.currentPlayer ?? '-'}   message: ${JSON.stringify(state.message ? englishText(state.message) : '')}`,
    `indicator: ${state.okeyTile ? state.okeyTile.name : '-'}   draw pile: ${state.drawPile.length} tiles, top ${nameOf(state.drawPile[0] ?? null)}`,
  ];
  for (const seat of state.players) {
    const who = seat.user ? `${seat.user.name} (${seat.user.id}, client ${seat.userKey})` : 'empty';
    const turn = seat.id === state.currentPlayer ? '  <- turn' : '';
    lines.push(`seat ${seat.id}: ${who}, ${tileCount(seat.hand)} tiles${turn}`);
    lines.push(`  top:     ${describeRow(seat.hand.slice(0, ROW_LENGTH))}`);
    lines.push(`  bottom:  ${describeRow(seat.hand.slice(ROW_LENGTH))}`);
    lines.push(`  discard: ${seat.discardPile.map(nameOf).join(' ') || '-'}`);
  }
  return lines.join('\n');
}
