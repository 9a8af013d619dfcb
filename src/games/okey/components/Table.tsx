import { memo } from 'react';
import Box from '@mui/material/Box';
import { drawPileTop } from '../rules/turn';
import type { OkeyState, Seat } from '../rules/types';
import CentrePanel from './CentrePanel';
import DiscardSlot from './DiscardSlot';
import SeatArea, { type SeatContext } from './SeatArea';
import type { TileSize } from './boardSizes';
import type { TableLayout, TablePosition } from './seatLayout';

// Each seat's discard pile sits at the right-hand end of its rack as its owner sees it, so the previous seat's
// pile is at the viewer's left and the viewer's own pile is at their right, next to the player who draws from it.
const DISCARD_AREA: Record<TablePosition, string> = { bottom: 'br', right: 'tr', top: 'tl', left: 'bl' };

const AREAS = {
  wide: '"tl top tr" "left centre right" "bl bottom br"',
  tall: '"tl top tr" "left centre right" "bl . br" "bottom bottom bottom"',
};

const FELT = [
  'radial-gradient(ellipse at 50% 45%, rgba(255,255,255,0.10) 0%, rgba(0,0,0,0) 55%)',
  'radial-gradient(ellipse at center, #2f7d58 0%, #21613f 55%, #163f2b 100%)',
].join(', ');

type TableProps = {
  state: OkeyState;
  layout: TableLayout;
  context: SeatContext;
  onStart: () => void;
  onReset: () => void;
  onNewGame: () => void;
};

/** The felt table: racks round a centre holding the piles, each seat's discard pile in its corner. */
export default function Table({ state, layout, context, onStart, onReset, onNewGame }: TableProps) {
  const { sizes, viewerSeatId, gameState } = context;
  const seated = Object.entries(layout) as [TablePosition, NonNullable<TableLayout[TablePosition]>][];
  return (
    <Box
      data-testid="okey-table"
      sx={{
        display: 'grid',
        gridTemplateAreas: AREAS[sizes.mode],
        gridTemplateColumns: `${sizes.sideColumn}px minmax(0, 1fr) ${sizes.sideColumn}px`,
        gridTemplateRows:
          sizes.mode === 'wide' ? 'auto minmax(0, 1fr) auto' : 'auto minmax(0, 1fr) auto auto',
        alignItems: 'center',
        justifyItems: 'center',
        gap: `${sizes.gap * 2}px`,
        height: '100%',
        p: `${sizes.gap * 2}px`,
        background: FELT,
        borderRadius: 3,
        border: '6px solid #5b3a1e',
        boxShadow: 'inset 0 0 40px rgba(0,0,0,0.45)',
        overflow: 'hidden',
      }}
    >
      {seated.map(([position, seat]) => (
        <SeatCell
          key={`seat-${seat.id}`}
          seat={seat}
          position={position}
          isTurn={gameState === 'play' && state.currentPlayer === seat.id}
          context={context}
        />
      ))}
      {gameState !== 'start' &&
        seated.map(([position, seat]) => (
          <DiscardCell
            key={`discard-${seat.id}`}
            seat={seat}
            area={DISCARD_AREA[position]}
            own={seat.id === viewerSeatId}
            viewerSeatId={viewerSeatId}
            gameState={gameState}
            size={sizes.pile}
            font={sizes.font}
            canDrag={context.canDrag}
          />
        ))}
      <Box sx={{ gridArea: 'centre', minWidth: 0, alignSelf: 'stretch' }}>
        <CentrePanel
          gameState={gameState}
          drawPileTop={drawPileTop(state)}
          drawPileCount={state.drawPile.length}
          indicator={state.okeyTile}
          message={state.message}
          size={sizes.pile}
          font={sizes.font}
          canDrag={context.canDrag}
          ready={context.ready}
          onStart={onStart}
          onReset={onReset}
          onNewGame={onNewGame}
        />
      </Box>
    </Box>
  );
}

type SeatCellProps = { seat: Seat; position: TablePosition; isTurn: boolean; context: SeatContext };

/** A seat in its grid area; drawn again only when the seat, its turn or the table's context changes. */
const SeatCell = memo(function SeatCell({ seat, position, isTurn, context }: SeatCellProps) {
  return (
    <Box sx={{ gridArea: position, minWidth: 0, maxWidth: '100%' }}>
      <SeatArea seat={seat} position={position} isTurn={isTurn} context={context} />
    </Box>
  );
});

type DiscardCellProps = {
  seat: Seat;
  area: string;
  own: boolean;
  viewerSeatId: number | null;
  gameState: OkeyState['gameState'];
  size: TileSize;
  font: number;
  canDrag: boolean;
};

/** A seat's discard pile in its corner of the grid; drawn again only when the pile or the table changes. */
const DiscardCell = memo(function DiscardCell({ area, ...slot }: DiscardCellProps) {
  return (
    <Box sx={{ gridArea: area }}>
      <DiscardSlot {...slot} />
    </Box>
  );
});
