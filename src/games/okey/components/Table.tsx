import { dealBeingDrawn } from '../rules/deck';
import { awaitedSeats } from '../rules/deckOwed';
import { roundBeingChecked } from '../rules/setup';
import { isBot } from '../rules/seats';
import { memo, useMemo } from 'react';
import { drawPileTop } from '../rules/turn';
import type { OkeyState } from '../rules/types';
import CentrePanel, { type TableControls } from './CentrePanel';
import DiscardSlot, { type DiscardSlotProps } from './DiscardSlot';
import Scores from './Scores';
import { MAX_HAND } from '../rules/hand';
import SeatArea, { type SeatAreaProps, type SeatContext } from './SeatArea';
import type { TableLayout, TablePosition } from './seatLayout';

// Each seat's discard pile sits at the right-hand end of its rack as its owner sees it, so the previous seat's
// pile is at the viewer's left and the viewer's own pile is at their right, next to the player who draws from it.
const DISCARD_AREA: Record<TablePosition, string> = { bottom: 'br', right: 'tr', top: 'tl', left: 'bl' };

const AREAS = {
  wide: '"tl top tr" "left centre right" "bl bottom br"',
  tall: '"tl top tr" "left centre right" "bl . br" "bottom bottom bottom"',
};

type TableProps = {
  state: OkeyState;
  layout: TableLayout;
  context: SeatContext;
  /** The current turn's seconds left, with the turn timer on; null otherwise. */
  secondsLeft: number | null;
  /** The centre's buttons and timer setting; one object per change of its handlers, so the centre can skip renders. */
  controls: TableControls;
};

/**
 * The names of the seats the masked deck waits for, joined (a seat nobody holds now by its number). A bot on its turn
 * is left out: its turn is lit already, and a bot's turn often takes a few seconds.
 */
const waitingFor = (state: OkeyState): string =>
  awaitedSeats(state)
    .filter((seat) => !(seat.id === state.currentPlayer && isBot(seat.user)))
    .map((seat) => seat.user?.name || `#${seat.id}`)
    .join(', ');

/** The felt table: racks round a centre holding the piles, each seat's discard pile in its corner. */
export default function Table({ state, layout, context, secondsLeft, controls }: TableProps) {
  const { sizes, viewerSeatId, gameState } = context;
  const mine = state.players.find((seat) => seat.id === viewerSeatId);
  const canFinish =
    gameState === 'play' &&
    mine !== undefined &&
    state.currentPlayer === mine.id &&
    mine.hand.filter((t) => t !== null).length === MAX_HAND;
  const seated = Object.entries(layout) as [TablePosition, NonNullable<TableLayout[TablePosition]>][];
  // One element while the scores are the same: the centre is memoised, and a new element each time would redraw it.
  const scores = useMemo(
    () => <Scores players={state.players} match={state.match} gameState={gameState} font={sizes.font} />,
    [state.players, state.match, gameState, sizes.font],
  );
  return (
    <div
      data-testid="okey-table"
      className={`okey-table okey-table-${sizes.mode}`}
      style={{
        gridTemplateAreas: AREAS[sizes.mode],
        gridTemplateColumns: `${sizes.sideColumn}px minmax(0, 1fr) ${sizes.sideColumn}px`,
        gridTemplateRows:
          sizes.mode === 'wide' ? 'auto minmax(0, 1fr) auto' : 'auto minmax(0, 1fr) auto auto',
        gap: sizes.gap * 2,
        padding: sizes.gap * 2,
      }}
    >
      {seated.map(([position, seat]) => (
        <SeatCell
          key={`seat-${seat.id}`}
          seat={seat}
          position={position}
          isTurn={gameState === 'play' && state.currentPlayer === seat.id}
          secondsLeft={state.currentPlayer === seat.id ? secondsLeft : null}
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
      <div className="okey-centre">
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
          {...controls}
          scores={scores}
          canFinish={canFinish}
          turnSeconds={state.turnSeconds}
          dealing={dealBeingDrawn(state)}
          checking={roundBeingChecked(state)}
          waitingFor={waitingFor(state)}
        />
      </div>
    </div>
  );
}

/** A seat in its grid area; drawn again only when the seat, its turn or the table's context changes. */
const SeatCell = memo(function SeatCell(props: SeatAreaProps) {
  return (
    <div className="okey-seat-cell" style={{ gridArea: props.position }}>
      <SeatArea {...props} />
    </div>
  );
});

/** A seat's discard pile in its corner of the grid; drawn again only when the pile or the table changes. */
const DiscardCell = memo(function DiscardCell({ area, ...slot }: DiscardSlotProps & { area: string }) {
  return (
    <div style={{ gridArea: area }}>
      <DiscardSlot {...slot} />
    </div>
  );
});
