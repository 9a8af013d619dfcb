import { memo, useCallback, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { Droppable } from '@hello-pangea/dnd';
import type { GameState, Seat, Tile } from '../rules/types';
import DraggableTile from './DraggableTile';
import type { TileSize } from './boardSizes';
import { slotTarget } from './dropTargets';
import { isFaceUp } from './tileFace';

/** The wooden rack's look, shared by every seat's rack. */
export const RACK_SX = {
  background: 'linear-gradient(180deg, #a8703c 0%, #8a5728 55%, #6e4320 100%)',
  borderRadius: 1.5,
  boxShadow: 'inset 0 1px 0 rgba(255,255,255,0.25), 0 3px 6px rgba(0,0,0,0.45)',
} as const;

const ROW = 13;

type OwnRackProps = {
  seat: Seat;
  gameState: GameState;
  size: TileSize;
  gap: number;
  canDrag: boolean;
  onFlip: (tileId: string) => void;
};

/** The viewer's own rack: 26 slots in two rows of 13, each a drop target; the tiles can be picked up and flipped. */
function OwnRack({ seat, gameState, size, gap, canDrag, onFlip }: OwnRackProps) {
  return (
    <Box
      role="group"
      aria-label="Your rack"
      sx={{
        ...RACK_SX,
        p: `${gap * 1.5}px`,
        display: 'grid',
        gridTemplateColumns: `repeat(${ROW}, ${size.w}px)`,
        gap: `${gap}px`,
      }}
    >
      {seat.hand.map((tile, slot) => (
        <HandSlot
          key={slot}
          slot={slot}
          tile={tile}
          faceUp={tile !== null && isFaceUp(tile, seat.id, gameState)}
          size={size}
          canDrag={canDrag}
          onFlip={onFlip}
        />
      ))}
    </Box>
  );
}

type HandSlotProps = {
  slot: number;
  tile: Tile | null;
  faceUp: boolean;
  size: TileSize;
  canDrag: boolean;
  onFlip: (tileId: string) => void;
};

export default memo(OwnRack);

const tileId = (tile: Tile | null) => tile?.id ?? null;

/** One slot of the rack, drawn again only when its own tile, its face or the board's size or mode changes. */
const HandSlot = memo(function HandSlot({ slot, tile, faceUp, size, canDrag, onFlip }: HandSlotProps) {
  const id = tileId(tile);
  const flip = useCallback(
    (event: MouseEvent) => {
      // Right-click turns the tile over instead of opening the browser's menu (spec "Interactions").
      event.preventDefault();
      if (id !== null && canDrag) onFlip(id);
    },
    [id, canDrag, onFlip],
  );
  return (
    <Droppable droppableId={slotTarget(slot)} isDropDisabled={!canDrag}>
      {(provided, snapshot) => (
        <Box
          ref={provided.innerRef}
          {...provided.droppableProps}
          data-testid={slotTarget(slot)}
          sx={{
            width: size.w,
            height: size.h,
            borderRadius: 1,
            bgcolor: snapshot.isDraggingOver ? 'rgba(255, 213, 79, 0.55)' : 'rgba(0,0,0,0.22)',
            boxShadow: snapshot.isDraggingOver ? '0 0 0 2px #ffd54f' : 'inset 0 2px 3px rgba(0,0,0,0.35)',
          }}
        >
          {tile && (
            <DraggableTile
              draggableId={tile.id}
              tile={tile}
              faceUp={faceUp}
              width={size.w}
              height={size.h}
              disabled={!canDrag}
              where={`slot ${slot + 1}`}
              onContextMenu={flip}
            />
          )}
          <Box sx={{ display: 'none' }}>{provided.placeholder}</Box>
        </Box>
      )}
    </Droppable>
  );
});
