import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import { DragDropContext, useMouseSensor, useTouchSensor, type DragStart } from '@hello-pangea/dnd';
import {
  useActing,
  useGameDispatch,
  useGameSelector,
  useGameStore,
  useMe,
  useReadiedAct,
  useUserId,
  type Me,
} from '../../world';
import { useTurnTimer } from './useTurnTimer';
import { arrangeRack, type ArrangeMode } from '../rules/arrange';
import { openRack } from '../rules/tiles';
import { finishSignsAhead, withOpenings, withRackRead } from '../pageSecrets';
import { roundSecretsVersion, subscribeRoundSecrets } from '../../shared/roundSecrets';
import { canShowIndicator, indicatorTwin } from '../rules/match';
import { discardTop, drawPileTop } from '../rules/turn';
import { maskedSeat } from '../rules/deck';
import { botMove } from '../rules/bot';
import {
  botAdded,
  botRemoved,
  finishDeclared,
  gameReset,
  gameStarted,
  indicatorShown,
  newGameStarted,
  rackArranged,
  seatLeft,
  turnTimedOut,
  turnTimerSet,
  seatTaken,
  tileDiscarded,
  tileFlipped,
} from '../slice';
import { MAX_HAND } from '../rules/hand';
import { signAhead } from '../../../sync/log/syncMiddleware';
import Table from './Table';
import type { TableControls } from './CentrePanel';
import { TileDefs } from './TileView';
import { boardSizes, type BoardSizes } from './boardSizes';
import { actionForDrop, type Drop } from './dropTargets';
import { okey } from './okeySelectors';
import { arrangeSeats } from './seatLayout';
import type { SeatContext } from './SeatArea';
import { useDropTarget } from './dropPoint';
import { useElementSize } from './useElementSize';
import { useGridKeyboardSensor } from './useGridKeyboardSensor';
import { useIntegrityAlarm } from './useIntegrityAlarm';
import { useTurnSounds } from './useTurnSounds';
import './okeyTable.css';

declare global {
  interface Window {
    /** Test hook: when set to the 106 tile ids, Start Game deals in this order instead of a fresh shuffle. */
    __okeyTestOrder?: string[];
    /**
     * Test hook (set by the board): the move this page's player would make now if a bot played their seat, on their
     * rack as this page reads it and with the openings it carries, without who makes it; null when none. The soak's
     * people and some browser tests play with it (test/helpers/okeyPlay.ts).
     */
    __okeyOwnMove?: () => { type: string; payload: Record<string, unknown> } | null;
  }
}

// Sit and Stand by seat id, made as the player reaches for the button (useReadiedAct); module functions keep their identity.
const sitIn = (who: Me, seatId: number) => seatTaken({ ...who, seatId });
const standUp = (who: Me) => seatLeft(who);

// The library's own keyboard sensor is replaced by one that moves across the two-row rack (useGridKeyboardSensor).
const SENSORS = [useMouseSensor, useTouchSensor, useGridKeyboardSensor];

/**
 * The Okey screen: the felt table with every seat's rack, the piles, and drag and drop for the viewer's turn. This
 * shell does not read the game state, so a move re-renders only the table inside the drag and drop context.
 */
export default function Board() {
  const dispatch = useGameDispatch();
  const store = useGameStore();
  const me = useMe();
  const userId = useUserId();
  const viewerSeatId = useGameSelector((s) =>
    userId ? (okey.selectSeatOfUser(s, userId)?.id ?? null) : null,
  );
  const box = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(box);
  const sizes = useMemo(() => boardSizes(width, height), [width, height]);
  // Dispatches the move a drop makes; false when it makes none.
  const drop = useCallback(
    (d: Drop): boolean => {
      if (!me) return false;
      const state = okey.selectOkeyState(store.getState());
      const seatOf = (seatId: number) => state.players.find((s) => s.id === seatId);
      const action = actionForDrop(d, {
        actor: me,
        seatId: viewerSeatId,
        drawPileTopId: drawPileTop(state)?.id ?? null,
        discardTopId: (seatId) => {
          const seat = seatOf(seatId);
          return seat ? (discardTop(seat)?.id ?? null) : null;
        },
        rackTileId: (seatId, slot) => seatOf(seatId)?.hand[slot]?.id ?? null,
      });
      // A masked tile goes with its opening (docs/hidden-tiles.md).
      if (action) dispatch(withOpenings(action, state, viewerSeatId));
      return action !== null;
    },
    [me, viewerSeatId, store, dispatch],
  );
  const { onBeforeDragStart: noteDragStart, onDragEnd } = useDropTarget(drop);
  // A rack tile picked up on the player's turn with 15 tiles may be discarded or finished with: both are signed while
  // it travels, so the move goes the moment it is let go (docs/fair-play.md).
  const onBeforeDragStart = useCallback(
    (start: DragStart) => {
      noteDragStart(start);
      const state = okey.selectOkeyState(store.getState());
      const seat = state.players.find((s) => s.id === viewerSeatId);
      if (!me || !seat || state.currentPlayer !== seat.id || !start.source.droppableId.startsWith('slot-'))
        return;
      if (seat.hand.filter((t) => t !== null).length !== MAX_HAND) return;
      const tileId = start.draggableId;
      dispatch(signAhead(withOpenings(tileDiscarded({ ...me, tileId }), state, seat.id)));
      if (finishSignsAhead(seat.hand)) dispatch(signAhead(finishDeclared({ ...me, tileId })));
    },
    [noteDragStart, store, viewerSeatId, me, dispatch],
  );

  return (
    <Box ref={box} sx={{ height: '100%', minHeight: 420, p: { xs: 0.25, md: 1 }, boxSizing: 'border-box' }}>
      <TileDefs />
      {width > 0 && (
        <DragDropContext
          onBeforeDragStart={onBeforeDragStart}
          onDragEnd={onDragEnd}
          enableDefaultSensors={false}
          sensors={SENSORS}
        >
          <LiveTable me={me} viewerSeatId={viewerSeatId} sizes={sizes} />
        </DragDropContext>
      )}
    </Box>
  );
}

type LiveTableProps = { me: Me | null; viewerSeatId: number | null; sizes: BoardSizes };

/** The table as the game state has it now, with the turn sounds and the integrity alarm. */
function LiveTable({ me, viewerSeatId, sizes }: LiveTableProps) {
  const { act } = useActing();
  const table = useGameSelector(okey.selectOkeyState);
  // The player's own rack as this page reads it, once the round secret is loaded (docs/hidden-tiles.md).
  const secrets = useSyncExternalStore(subscribeRoundSecrets, roundSecretsVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read again once a round secret has loaded
  const state = useMemo(() => withRackRead(table, viewerSeatId), [table, viewerSeatId, secrets]);
  useTurnSounds(state.gameState, state.currentPlayer, viewerSeatId);
  const store = useGameStore();
  const onTimeout = useCallback(
    (seatId: number, turn: number) =>
      act((who) =>
        withOpenings(turnTimedOut({ ...who, seatId, turn }), okey.selectOkeyState(store.getState()), seatId),
      ),
    [act, store],
  );
  const secondsLeft = useTurnTimer(state, me, viewerSeatId, onTimeout);
  const onTimerSet = useCallback((seconds: number) => act((who) => turnTimerSet({ ...who, seconds })), [act]);
  useIntegrityAlarm(state);

  const onFlip = useCallback((tileId: string) => act((who) => tileFlipped({ ...who, tileId })), [act]);
  const sit = useReadiedAct(sitIn);
  const stand = useReadiedAct(standUp);
  // Read at the click, so a move does not give the buttons a new handler.
  const onArrange = useCallback(
    (mode: ArrangeMode) => {
      const now = withRackRead(okey.selectOkeyState(store.getState()), viewerSeatId);
      const seat = now.players.find((s) => s.id === viewerSeatId);
      // The rack as this page reads it: every tile of it open.
      const hand = seat ? openRack(seat.hand) : null;
      if (!hand || !now.okeyTile) return;
      const slots = arrangeRack(hand, now.okeyTile, mode).map((tile) => tile?.id ?? null);
      act((who) => rackArranged({ ...who, slots }));
    },
    [viewerSeatId, store, act],
  );
  const onBot = useCallback(
    (seatId: number, add: boolean) => act((who) => (add ? botAdded : botRemoved)({ ...who, seatId })),
    [act],
  );
  const { gameState } = state;
  // The same list while the same seats are kept: the seats' context changes only when they do.
  const keptIds = state.players
    .filter((s) => maskedSeat(state, s.id))
    .map((s) => s.id)
    .join(',');
  const keptSeats = useMemo(() => (keptIds ? keptIds.split(',').map(Number) : []), [keptIds]);
  // One object per change of what the seats show (not per turn), so memoised seats skip renders that change nothing.
  const context = useMemo<SeatContext>(
    () => ({
      gameState,
      viewerSeatId,
      ready: me !== null,
      // Spectators may pick up tiles too: the rules answer them with the spec's refusals, as they answer a player.
      canDrag: me !== null && gameState === 'play',
      sizes,
      sit,
      stand,
      onFlip,
      onArrange,
      onBot,
      indicator: state.okeyTile,
      keptSeats,
    }),
    [gameState, viewerSeatId, me, sizes, sit, stand, onFlip, onArrange, onBot, state.okeyTile, keptSeats],
  );
  const layout = useMemo(() => arrangeSeats(state.players, viewerSeatId), [state.players, viewerSeatId]);

  const onStart = useCallback(
    () =>
      act((who) => {
        const action = gameStarted(who);
        // A test build may deal a chosen order, face-up; every other start deals the masked deck.
        const order = __TEST_HOOKS__ ? window.__okeyTestOrder : undefined;
        return order ? { ...action, payload: { ...action.payload, order } } : action;
      }),
    [act],
  );
  // Test builds only: the move a bot would make in this page's player's seat (the soak's people play so).
  useEffect(() => {
    if (!__TEST_HOOKS__ || viewerSeatId === null) return;
    window.__okeyOwnMove = () => {
      const now = okey.selectOkeyState(store.getState());
      const read = withRackRead(now, viewerSeatId);
      const players = read.players.map((s) =>
        s.id === viewerSeatId && s.user ? { ...s, user: { ...s.user, id: 'bot:own' } } : s,
      );
      const move = botMove({ ...read, players }, viewerSeatId);
      return move
        ? withOpenings({ type: `okey/${move.event}`, payload: move.payload }, now, viewerSeatId)
        : null;
    };
    return () => void delete window.__okeyOwnMove;
  }, [store, viewerSeatId]);
  const onReset = useCallback(() => act(gameReset), [act]);
  const mySeat = state.players.find((seat) => seat.id === viewerSeatId);
  const twin = mySeat && canShowIndicator(state, mySeat) ? indicatorTwin(state, mySeat) : null;
  const onShowIndicator = useCallback(() => {
    if (twin)
      act((who) =>
        withOpenings(
          indicatorShown({ ...who, tileId: twin.id }),
          okey.selectOkeyState(store.getState()),
          viewerSeatId,
        ),
      );
  }, [twin, act, store, viewerSeatId]);
  const onNewGame = useCallback(() => act(newGameStarted), [act]);
  const controls = useMemo<TableControls>(
    () => ({
      onStart,
      onReset,
      onNewGame,
      onShowIndicator: twin ? onShowIndicator : undefined,
      onTimerSet,
    }),
    [onStart, onReset, onNewGame, twin, onShowIndicator, onTimerSet],
  );

  return (
    <Table state={state} layout={layout} context={context} secondsLeft={secondsLeft} controls={controls} />
  );
}
