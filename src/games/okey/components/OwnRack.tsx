import { memo, useCallback, useMemo, type CSSProperties, type MouseEvent } from 'react';
import { useTheme } from '@mui/material/styles';
import { Droppable } from '@hello-pangea/dnd';
import type { GameState, Seat, TableTile, Tile } from '../rules/types';
import DraggableTile from './DraggableTile';
import type { TileSize } from './boardSizes';
import { isOkey, openTileOf } from '../rules/tiles';
import { slotTarget } from './dropTargets';
import { isFaceUp } from './tileFace';
import { useTranslation } from '../../../i18n/roomTexts';
import type { TFunction } from '../../../i18n/i18n';

const ROW = 13;

type OwnRackProps = {
  seat: Seat;
  gameState: GameState;
  size: TileSize;
  gap: number;
  canDrag: boolean;
  /** Whether right-click turns a tile over: in every state the rack shows, once the room is connected. */
  canFlip: boolean;
  onFlip: (tileId: string) => void;
  /** The round's indicator, so the okey tiles are marked; null before the deal. */
  indicator: Tile | null;
};

/** The viewer's own rack: 26 slots in two rows of 13, each a drop target; the tiles can be picked up and flipped. */
function OwnRack({ seat, gameState, size, gap, canDrag, canFlip, onFlip, indicator }: OwnRackProps) {
  const { t } = useTranslation('okey');
  return (
    <div
      role="group"
      aria-label={t('yourRack')}
      className="okey-rack"
      style={{ padding: Math.max(3, gap * 1.5), gridTemplateColumns: `repeat(${ROW}, ${size.w}px)`, gap }}
    >
      {seat.hand.map((tile, slot) => (
        <HandSlot
          key={slot}
          slot={slot}
          tile={tile}
          faceUp={tile !== null && isFaceUp(tile, seat.id, gameState)}
          size={size}
          canDrag={canDrag}
          dropTarget={gameState !== 'start' || tile !== null}
          canFlip={canFlip}
          onFlip={onFlip}
          wild={indicator !== null && isWild(tile, indicator)}
          t={t}
        />
      ))}
    </div>
  );
}

export default memo(OwnRack);

/** Whether a slot holds the okey (the wild tile) as this page knows its tile. */
const isWild = (tile: TableTile | null, indicator: Tile): boolean => {
  const open = openTileOf(tile);
  return open !== null && isOkey(open, indicator);
};

type HandSlotProps = {
  slot: number;
  tile: TableTile | null;
  faceUp: boolean;
  size: TileSize;
  canDrag: boolean;
  /** False for an empty slot before the deal, where nothing can be dropped: it is plain, not the library's target. */
  dropTarget: boolean;
  canFlip: boolean;
  onFlip: (tileId: string) => void;
  wild: boolean;
  /** The rack's texts, handed down so each slot needs no hook of its own. */
  t: TFunction<'okey'>;
};

const tileId = (tile: TableTile | null) => tile?.id ?? null;

/** One slot of the rack, drawn again only when its own tile, its face or the board's size or mode changes. */
const HandSlot = memo(function HandSlot({
  slot,
  tile,
  faceUp,
  size,
  canDrag,
  dropTarget,
  canFlip,
  onFlip,
  wild,
  t,
}: HandSlotProps) {
  const id = tileId(tile);
  const flip = useCallback(
    (event: MouseEvent) => {
      // Right-click turns the tile over instead of opening the browser's menu (spec "Interactions").
      event.preventDefault();
      if (id !== null && canFlip) onFlip(id);
    },
    [id, canFlip, onFlip],
  );
  const theme = useTheme();
  const looks = useMemo(() => slotLooks(size, theme.shape.borderRadius), [size, theme.shape.borderRadius]);
  // Plain elements with fixed style objects, not MUI's sx: the library re-renders every slot as a drag starts and
  // ends, and the end is on the way from the release to the move being sent.
  if (!dropTarget) return <div data-testid={slotTarget(slot)} style={looks.idle} />;
  return (
    <Droppable droppableId={slotTarget(slot)} isDropDisabled={!canDrag}>
      {(provided, snapshot) => (
        <div
          ref={provided.innerRef}
          {...provided.droppableProps}
          data-testid={slotTarget(slot)}
          style={snapshot.isDraggingOver ? looks.over : looks.idle}
        >
          {tile && (
            <DraggableTile
              t={t}
              draggableId={tile.id}
              tile={tile}
              faceUp={faceUp}
              width={size.w}
              height={size.h}
              disabled={!canDrag}
              where={t('where.slot', { n: slot + 1 })}
              onContextMenu={flip}
              wild={wild}
            />
          )}
          <div style={HIDDEN}>{provided.placeholder}</div>
        </div>
      )}
    </Droppable>
  );
});

const HIDDEN: CSSProperties = { display: 'none' };

/** A slot's look at rest and while a tile is dragged over it. */
function slotLooks(size: TileSize, radius: string | number): { idle: CSSProperties; over: CSSProperties } {
  const base = { width: size.w, height: size.h, borderRadius: radius };
  return {
    idle: { ...base, background: 'rgba(0,0,0,0.22)', boxShadow: 'inset 0 2px 3px rgba(0,0,0,0.35)' },
    over: { ...base, background: 'rgba(255, 213, 79, 0.55)', boxShadow: '0 0 0 2px #ffd54f' },
  };
}
