import { memo } from 'react';
import type { ReadiedAct } from '../../world';
import type { ArrangeMode } from '../rules/arrange';
import { isBot } from '../rules/seats';
import type { GameState, Seat, Tile } from '../rules/types';
import OwnRack from './OwnRack';
import SeatLabel from './SeatLabel';
import SeatRack from './SeatRack';
import type { BoardSizes } from './boardSizes';
import type { TablePosition } from './seatLayout';

/** What every seat area needs to know about the table and the viewer. */
export type SeatContext = {
  gameState: GameState;
  viewerSeatId: number | null;
  ready: boolean;
  canDrag: boolean;
  sizes: BoardSizes;
  /** Sitting in a seat and standing up from one, by seat id: made and signed as the player reaches for the button. */
  sit: ReadiedAct<number>;
  stand: ReadiedAct<number>;
  onFlip: (tileId: string) => void;
  onArrange: (mode: ArrangeMode) => void;
  onBot: (seatId: number, add: boolean) => void;
  /** The round's indicator (null before the deal): the viewer's okey tiles are marked by it. */
  indicator: Tile | null;
  /** Seats whose rack is masked in the round in play: nobody else sits there and no bot comes or goes. */
  keptSeats: readonly number[];
};

/** One seat at its place round the table, and whether and how long it has to play. */
export type SeatAreaProps = {
  seat: Seat;
  position: TablePosition;
  /** Whether it is this seat's turn in play. */
  isTurn: boolean;
  /** Its turn's seconds left, with the turn timer on. */
  secondsLeft: number | null;
  context: SeatContext;
};

/** One seat at its place round the table: its name plate and its rack, the viewer's own rack being the playable one. */
function SeatArea({ seat, position, isTurn, secondsLeft, context }: SeatAreaProps) {
  const { gameState, viewerSeatId, sizes } = context;
  const mine = seat.id === viewerSeatId;
  // What either rack is drawn from: the seat's tiles, the round's state and the tile size at this place.
  const rack = {
    seat,
    gameState,
    size: position === 'bottom' ? sizes.own : position === 'top' ? sizes.top : sizes.side,
  };
  return (
    <div
      data-testid={`seat-${position}`}
      data-seat-id={seat.id}
      className={`okey-seat okey-seat-${position}`}
    >
      <SeatLabel
        seatId={seat.id}
        playerName={seat.user?.name ?? null}
        userId={seat.user?.id ?? null}
        atTop={position === 'top'}
        isTurn={isTurn}
        secondsLeft={secondsLeft}
        isMine={mine}
        canSit={seat.user === null && viewerSeatId === null && !context.keptSeats.includes(seat.id)}
        ready={context.ready}
        font={sizes.font}
        sit={context.sit}
        stand={context.stand}
        isBot={isBot(seat.user)}
        onBot={context.keptSeats.includes(seat.id) ? undefined : context.onBot}
        onArrange={mine && position === 'bottom' && gameState !== 'start' ? context.onArrange : undefined}
      />
      {mine && position === 'bottom' ? (
        <OwnRack
          {...rack}
          gap={sizes.ownGap}
          canDrag={context.canDrag}
          canFlip={context.ready}
          onFlip={context.onFlip}
          indicator={context.indicator}
        />
      ) : (
        <SeatRack
          {...rack}
          position={position}
          viewerSeatId={viewerSeatId}
          gap={Math.max(1, sizes.gap - 1)}
          spectating={context.canDrag && viewerSeatId === null}
          onFlip={context.ready ? context.onFlip : null}
        />
      )}
    </div>
  );
}

export default memo(SeatArea);
