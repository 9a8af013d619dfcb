import { colorNameOf, isJoker, isMasked } from '../rules/tiles';
import type { GameState, TableTile } from '../rules/types';
import type { TFunction } from '../../../i18n/i18n';
import { i18n } from '../../../i18n/roomTexts';

/**
 * Spec "Tile face": a tile shows its rank only when it is not hidden and it is in the viewer's own hand, in no
 * hand at all, or the game has finished; otherwise it is face-down.
 */
export function isFaceUp(tile: TableTile, viewerSeatId: number | null, gameState: GameState): boolean {
  // A masked tile has no face this page knows (docs/hidden-tiles.md).
  if (tile.hidden || isMasked(tile)) return false;
  if (gameState === 'finish') return true;
  if (!tile.source.startsWith('hand-')) return true;
  return viewerSeatId !== null && tile.source === `hand-${viewerSeatId}`;
}

/**
 * The accessible name of a tile as the viewer sees it, in the language `t` speaks (by default the interface's):
 * "red 7", "yellow joker" or "face-down tile".
 */
export function tileLabel(
  tile: TableTile,
  faceUp: boolean,
  t: TFunction<'okey'> = i18n.getFixedT(null, 'okey'),
): string {
  if (!faceUp || isMasked(tile)) return t('faceDown');
  const colour = t(`colours.${colorNameOf(tile)}`);
  return isJoker(tile) ? t('joker', { colour }) : t('tile', { colour, rank: tile.rank });
}
