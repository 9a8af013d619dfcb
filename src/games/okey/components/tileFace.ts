import { colorNameOf, isJoker } from '../rules/tiles';
import type { GameState, Tile } from '../rules/types';

/**
 * Spec "Tile face": a tile shows its rank only when it is not hidden and it is in the viewer's own hand, in no
 * hand at all, or the game has finished; otherwise it is face-down.
 */
export function isFaceUp(tile: Tile, viewerSeatId: number | null, gameState: GameState): boolean {
  if (tile.hidden) return false;
  if (gameState === 'finish') return true;
  if (!tile.source.startsWith('hand-')) return true;
  return viewerSeatId !== null && tile.source === `hand-${viewerSeatId}`;
}

/** The accessible name of a tile as the viewer sees it: "red 7", "yellow joker" or "face-down tile". */
export function tileLabel(tile: Tile, faceUp: boolean): string {
  if (!faceUp) return 'face-down tile';
  return isJoker(tile) ? `${colorNameOf(tile)} joker` : `${colorNameOf(tile)} ${tile.rank}`;
}
