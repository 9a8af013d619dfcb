import { useState } from 'react';
import { useActing, useGameSelector, type Me } from '../../world';
import { opponent } from '../rules/board';
import { MAX_CUBE, seatOf } from '../rules/game';
import { stepLabel } from '../rules/notation';
import type { From, Side, To } from '../rules/types';
import * as bgActions from '../slice';
import Actions, { type ActionHandlers } from './Actions';
import BackgammonBoard from './BackgammonBoard';
import BoardDice from './BoardDice';
import { bg } from './bgSelectors';
import MoveList from './MoveList';
import { statusLine } from './panelText';
import { isOccupied, pickablePlaces, placeIntent, targetsOf } from './placeAction';
import SeatCard from './SeatCard';
import SidePanel from './SidePanel';
import { takeTestDice, takeTestOpeningDie } from './testHooks';
import { ownReveal } from '../../shared/secrets';
import { openingRolled } from '../rules/luck';
import { useAutoplay } from './useAutoplay';
import BoardAndPanel from '../../shared/components/BoardAndPanel';
import { useSeatButtons } from '../../shared/components/SeatCard';
import { useReasonText, useTranslation } from '../../../i18n/roomTexts';

// Module functions, so Sit and Stand keep what they readied as the player reaches for them (useSeatButtons).
const sitAs = (who: Me, side: Side) => bgActions.seatTaken({ ...who, side });
const standUp = (who: Me) => bgActions.seatLeft(who);

/** The Backgammon screen: the board seen from the viewer's side beside a panel of seats, buttons and moves. */
export default function Board() {
  const { me, act } = useActing();
  const state = useGameSelector(bg.selectState);
  const allMoves = useGameSelector(bg.selectMovesAvailable);
  const pips = useGameSelector(bg.selectPipCounts);
  const canConfirm = useGameSelector(bg.selectCanConfirmTurn);
  const remaining = useGameSelector(bg.selectRemainingDice);
  const [selected, setSelected] = useState<From | null>(null);
  const seatButtons = useSeatButtons(sitAs, standUp);
  const { t } = useTranslation('backgammon');
  const reasonText = useReasonText();
  useAutoplay(state, me);

  const { phase, seats, cube, turn } = state;
  const mine = me ? seatOf(state, me.by.id) : null;
  // Spectators see White's view.
  const view = mine ?? 'white';
  const isMover = mine !== null && phase === 'playing' && turn === mine;
  const moves = isMover ? allMoves : [];
  const pickable = pickablePlaces(moves);
  const picked = selected !== null && pickable.includes(selected) ? selected : null;

  const onPlace = (place: From | To, from: From | null = picked) => {
    const context = { selected: from, moves, playing: phase === 'playing', isMover };
    const intent = placeIntent(place, { ...context, occupied: isOccupied(state.board, place) });
    setSelected(intent.kind === 'select' ? intent.from : null);
    if (intent.kind === 'move' || intent.kind === 'probe')
      act((who) => bgActions.checkerMoved({ ...who, from: intent.from, to: intent.to }));
  };

  // The roller's own secret goes with the Roll (docs/fair-play.md).
  const myReveal = () => ownReveal(mine === null ? undefined : state.commitments?.[mine]);
  const on: ActionHandlers = {
    roll: () =>
      phase === 'opening'
        ? act((who) => bgActions.openingDieRolled({ ...who, ...takeTestOpeningDie(), ...myReveal() }))
        : act((who) => bgActions.diceRolled({ ...who, ...takeTestDice(), ...myReveal() })),
    double: () => act(bgActions.doubleOffered),
    accept: () => act(bgActions.doubleAccepted),
    decline: () => act(bgActions.doubleDeclined),
    undo: () => act(bgActions.moveUndone),
    confirm: () => act(bgActions.turnConfirmed),
    resign: () => act(bgActions.gameResigned),
    newGame: () => act(bgActions.newGameStarted),
  };

  const seatCards = [opponent(view), view].map((side) => (
    <SeatCard
      key={side}
      side={side}
      {...seatButtons(side, seats[side], mine)}
      pips={pips[side]}
      off={state.board.off[side]}
      isTurn={phase === 'playing' && turn === side}
    />
  ));
  const status = statusLine(state, { t, reasonText });
  const notice = state.message ? reasonText(state.message) : null;
  const pending =
    phase === 'playing' && turn && state.played.length > 0
      ? t('pending', {
          side: t(`sides.${turn}`),
          dice: state.dice.join('-'),
          steps: state.played.map((s) => stepLabel(turn, s)).join(' '),
        })
      : null;

  return (
    <BoardAndPanel
      boardWidth="min(calc(100% - 314px), calc((100vh - 48px) * 4 / 3))"
      board={
        <BackgammonBoard
          board={state.board}
          view={view}
          cube={cube}
          pickable={pickable}
          selected={picked}
          targets={targetsOf(moves, picked)}
          dice={<BoardDice state={state} view={view} remaining={remaining} />}
          onPlace={(place) => onPlace(place)}
          onPick={setSelected}
          onDrop={(from, place) =>
            place === null || place === from ? setSelected(from) : onPlace(place, from)
          }
        />
      }
      panel={
        <SidePanel
          status={status}
          finished={phase === 'finished'}
          notice={notice !== status ? notice : null}
          seats={seatCards}
          actions={
            <Actions
              s={{
                phase,
                seated: mine !== null,
                ready: me !== null,
                isMover,
                openingRolled: mine !== null && openingRolled(state, mine),
                rolled: state.dice.length > 0 || state.roll !== undefined,
                offer: cube.offeredBy === null ? null : cube.offeredBy === mine ? 'mine' : 'theirs',
                cubeAvailable: mine !== null && cube.owner !== opponent(mine) && cube.value < MAX_CUBE,
                canUndo: state.played.length > 0,
                canConfirm,
              }}
              on={on}
            />
          }
          moves={<MoveList lines={state.record.map(reasonText)} pending={pending} />}
        />
      }
    />
  );
}
