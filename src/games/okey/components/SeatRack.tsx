import { memo } from 'react';
import type { GameState, Seat, Tile } from '../rules/types';
import TileView from './TileView';
import type { TileSize } from './boardSizes';
import type { TablePosition } from './seatLayout';
import { isFaceUp } from './tileFace';

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
};

/** Another seat's rack: its tiles face-down to the viewer until the game has finished. */
function SeatRack({ seat, position, viewerSeatId, gameState, size, gap }: SeatRackProps) {
  const sideways = position === 'left' || position === 'right';
  return (
    <div
      role="group"
      aria-label={`${seat.user?.name ?? `Player ${seat.id}`}'s rack`}
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
        />
      ))}
    </div>
  );
}

export default memo(SeatRack);

type RackCellProps = {
  position: TablePosition;
  slot: number;
  tile: Tile | null;
  faceUp: boolean;
  size: TileSize;
};

/** One slot of another seat's rack, drawn again only when its tile, its face or the board's size changes. */
const RackCell = memo(function RackCell({ position, slot, tile, faceUp, size }: RackCellProps) {
  const sideways = position === 'left' || position === 'right';
  if (!tile) return <div className="okey-rack-gap" style={cellOf(position, slot)} />;
  return (
    <div style={cellOf(position, slot)}>
      <TileView
        tile={tile}
        faceUp={faceUp}
        width={size.w}
        height={size.h}
        orientation={sideways ? 'lying' : 'upright'}
      />
    </div>
  );
});
