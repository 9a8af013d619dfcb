import { memo, useCallback, type CSSProperties, type MouseEvent } from 'react';
import { Droppable } from '@hello-pangea/dnd';
import type { GameState, Seat, TableTile } from '../rules/types';
import DraggableTile from './DraggableTile';
import TileView from './TileView';
import type { TileSize } from './boardSizes';
import { rackSlotTarget, rackTileDraggable } from './dropTargets';
import type { TablePosition } from './seatLayout';
import { isFaceUp } from './tileFace';
import { useTranslation } from '../../../i18n/roomTexts';
import type { TFunction } from '../../../i18n/i18n';

const ROW = 13;

/**
 * Where slot s of a rack seen from this position sits in the grid, as a real table looks: the rack's top row is
 * the one nearer the centre and its slot 0 is at its owner's left.
 */
function cellOf(position: TablePosition, slot: number): { gridRow: number; gridColumn: number } {
  const row = slot < ROW ? 0 : 1;
  const k = slot % ROW;
  switch (position) {
    case 'bottom':
      return { gridRow: row + 1, gridColumn: k + 1 };
    case 'top':
      return { gridRow: 2 - row, gridColumn: ROW - k };
    case 'right':
      return { gridRow: ROW - k, gridColumn: row + 1 };
    case 'left':
      return { gridRow: k + 1, gridColumn: 2 - row };
  }
}

type SeatRackProps = {
  seat: Seat;
  position: TablePosition;
  viewerSeatId: number | null;
  gameState: GameState;
  size: TileSize;
  gap: number;
  /** A spectator in play: the rack's tiles can be picked up and its slots dropped on, for the rules to refuse. */
  spectating: boolean;
  /** Right-click on a tile asks to turn it over (the rules refuse: it is not the viewer's); null before joining. */
  onFlip: ((tileId: string) => void) | null;
};

/**
 * Another seat's rack: its tiles face-down to the viewer until the game has finished. Nobody but its owner may
 * move or turn its tiles; a spectator's drag or anyone's right-click is still sent, and the refusal says so.
 */
function SeatRack({ seat, position, viewerSeatId, gameState, size, gap, spectating, onFlip }: SeatRackProps) {
  const sideways = position === 'left' || position === 'right';
  const { t } = useTranslation('okey');
  return (
    <div
      role="group"
      aria-label={t('rackOf', { name: seat.user?.name ?? t('player', { n: seat.id }) })}
      className="okey-rack"
      style={{
        padding: Math.max(2, gap),
        gap,
        gridTemplateColumns: `repeat(${sideways ? 2 : ROW}, ${size.w}px)`,
        gridTemplateRows: `repeat(${sideways ? ROW : 2}, ${size.h}px)`,
        width: 'fit-content',
      }}
    >
      {seat.hand.map((tile, slot) => (
        <RackCell
          key={slot}
          position={position}
          slot={slot}
          tile={tile}
          faceUp={tile !== null && isFaceUp(tile, viewerSeatId, gameState)}
          size={size}
          seatId={seat.id}
          spectating={spectating}
          onFlip={onFlip}
          t={t}
        />
      ))}
    </div>
  );
}

export default memo(SeatRack);

type RackCellProps = {
  position: TablePosition;
  slot: number;
  tile: TableTile | null;
  faceUp: boolean;
  size: TileSize;
  seatId: number;
  spectating: boolean;
  onFlip: ((tileId: string) => void) | null;
  /** The rack's texts, handed down so each slot needs no hook of its own. */
  t: TFunction<'okey'>;
};

/** One slot of another seat's rack, drawn again only when its tile, its face or the board's size changes. */
const RackCell = memo(function RackCell({
  position,
  slot,
  tile,
  faceUp,
  size,
  seatId,
  spectating,
  onFlip,
  t,
}: RackCellProps) {
  const sideways = position === 'left' || position === 'right';
  const id = tile?.id ?? null;
  const flip = useCallback(
    (event: MouseEvent) => {
      event.preventDefault();
      if (id !== null && onFlip) onFlip(id);
    },
    [id, onFlip],
  );
  const cell = cellOf(position, slot);
  if (spectating) {
    return (
      <Droppable droppableId={rackSlotTarget(seatId, slot)}>
        {(provided) => (
          <div ref={provided.innerRef} {...provided.droppableProps} style={{ ...cell, ...CELL }}>
            {tile ? (
              <DraggableTile
                t={t}
                draggableId={rackTileDraggable(seatId, slot)}
                tile={tile}
                faceUp={faceUp}
                width={size.w}
                height={size.h}
                disabled={false}
                where={t('where.seatSlot', { seat: seatId, n: slot + 1 })}
                onContextMenu={flip}
                orientation={sideways ? 'lying' : 'upright'}
              />
            ) : (
              <div className="okey-rack-gap" style={{ width: size.w, height: size.h }} />
            )}
            <div style={HIDDEN}>{provided.placeholder}</div>
          </div>
        )}
      </Droppable>
    );
  }
  if (!tile) return <div className="okey-rack-gap" style={cell} />;
  return (
    <div style={cell} onContextMenu={flip}>
      <TileView
        t={t}
        tile={tile}
        faceUp={faceUp}
        width={size.w}
        height={size.h}
        orientation={sideways ? 'lying' : 'upright'}
      />
    </div>
  );
});

const CELL: CSSProperties = { display: 'flex' };
const HIDDEN: CSSProperties = { display: 'none' };
