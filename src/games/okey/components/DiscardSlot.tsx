import { memo, useMemo, type CSSProperties } from 'react';
import { useTheme } from '@mui/material/styles';
import { Droppable } from '@hello-pangea/dnd';
import { discardTop } from '../rules/turn';
import type { GameState, Seat } from '../rules/types';
import DraggableTile from './DraggableTile';
import TileView from './TileView';
import type { TileSize } from './boardSizes';
import { discardTarget, discardTopDraggable } from './dropTargets';
import { isFaceUp } from './tileFace';
import { HIDDEN, pileLooks, type PileFrameStyle } from './pileFrame';
import { useTranslation } from '../../../i18n/roomTexts';

/** A seat's discard pile as the viewer sees it. */
export type DiscardSlotProps = {
  seat: Seat;
  /** The viewer's own discard pile: the one they discard onto. */
  own: boolean;
  viewerSeatId: number | null;
  gameState: GameState;
  size: TileSize;
  font: number;
  /** Whether the viewer may pick up the top tile (in play); the rules decide whether the draw is allowed. */
  canDrag: boolean;
};

/**
 * A seat's discard pile slot: its top tile face-up and how many tiles it holds. The viewer's own is a drop target,
 * and for a spectator every one is (the rules refuse what they drop there).
 */
function DiscardSlot({ seat, own, viewerSeatId, gameState, size, font, canDrag }: DiscardSlotProps) {
  const top = discardTop(seat);
  const under = seat.discardPile.length > 1 ? seat.discardPile[seat.discardPile.length - 2] : null;
  const { t } = useTranslation('okey');
  const owner = seat.user?.name ?? t('player', { n: seat.id });
  const radius = useTheme().shape.borderRadius;
  const looks = useMemo(() => pileLooks(size, radius, DISCARD_FRAME), [size, radius]);
  return (
    <div className="okey-pile">
      <Droppable
        droppableId={discardTarget(seat.id)}
        isDropDisabled={!canDrag || !(own || viewerSeatId === null)}
      >
        {(provided, snapshot) => (
          // Plain elements with fixed style objects: the library re-renders every drop target as a drag starts and ends.
          <div
            ref={provided.innerRef}
            {...provided.droppableProps}
            data-testid={discardTarget(seat.id)}
            aria-label={own ? t('yourDiscardPile') : t('discardPileOf', { name: owner })}
            role="group"
            style={snapshot.isDraggingOver ? looks.over : looks.idle}
          >
            {under && (
              // The tile below peeks out so a pile reads as a pile.
              <div aria-hidden style={UNDER}>
                <TileView t={t} tile={under} faceUp={false} width={size.w} height={size.h} />
              </div>
            )}
            {!top && (
              <p aria-hidden className="okey-text okey-pile-hint" style={{ fontSize: font * 0.7 }}>
                {t('discardHint')}
              </p>
            )}
            {top && (
              <DraggableTile
                t={t}
                draggableId={discardTopDraggable(seat.id)}
                tile={top}
                faceUp={isFaceUp(top, viewerSeatId, gameState)}
                width={size.w}
                height={size.h}
                disabled={!canDrag}
                where={own ? t('where.ownDiscardTop') : t('where.discardTopOf', { name: owner })}
              />
            )}
            <div style={HIDDEN}>{provided.placeholder}</div>
          </div>
        )}
      </Droppable>
      <p
        data-testid={`discard-${seat.id}-count`}
        className="okey-text okey-pile-count"
        style={{ fontSize: font * 0.85 }}
      >
        {seat.discardPile.length}
      </p>
    </div>
  );
}

export default memo(DiscardSlot);

const UNDER: CSSProperties = { position: 'absolute', left: 7, top: 7, opacity: 0.85 };

const DISCARD_FRAME: PileFrameStyle = { inset: 8, line: 'dashed', rest: 'rgba(255,255,255,0.35)' };
