import { useActing, useGameSelector, type Me } from '../../world';
import type { Stone } from '../rules/types';
import { isBeforeFirstMove, seatOf } from '../rules/game';
import { toSgf } from '../rules/sgf';
import * as go from '../slice';
import Actions from './Actions';
import GoBoard from './GoBoard';
import GoPanel from './GoPanel';
import { go as sel } from './goSelectors';
import { statusLine } from './panelText';
import { pointAction } from './pointAction';
import SeatCard from './SeatCard';
import Settings from './Settings';
import { downloadText } from './sgfDownload';
import BoardAndPanel from '../../shared/components/BoardAndPanel';
import { useSeatButtons } from '../../shared/components/SeatCard';
import { useTranslation } from '../../../i18n/roomTexts';

// Module functions, so Sit and Stand keep what they readied as the player reaches for them (useSeatButtons).
const sitAs = (who: Me, stone: Stone) => go.seatTaken({ ...who, stone });
const standUp = (who: Me) => go.seatLeft(who);

/** The Go screen: the wooden board beside a panel of seats, settings, score and the game's buttons. */
export default function Board() {
  const { me, act } = useActing();
  const state = useGameSelector(sel.selectGoState);
  const last = useGameSelector(sel.selectLastMove);
  const score = useGameSelector(sel.selectScore);
  const { seats, phase, toMove, size } = state;
  const seatButtons = useSeatButtons(sitAs, standUp);
  const { t } = useTranslation('go');

  const mine = me ? seatOf(state, me.by.id) : null;
  const ready = me !== null;

  const seatCards = (['b', 'w'] as const).map((stone) => (
    <SeatCard
      key={stone}
      stone={stone}
      {...seatButtons(stone, seats[stone], mine)}
      captures={state.captures[stone]}
      isTurn={phase === 'play' && toMove === stone}
      accepted={phase === 'marking' ? state.accepted[stone] : null}
    />
  ));

  return (
    <BoardAndPanel
      boardWidth="min(calc(100% - 324px), calc(100vh - 48px))"
      board={
        <GoBoard
          size={size}
          board={state.board}
          dead={state.dead}
          last={last?.point ?? null}
          hoverStone={phase === 'play' && mine === toMove ? toMove : null}
          interactive={ready && phase !== 'finished'}
          onPoint={(point) => act((who) => pointAction(phase, state.board[point], who, point))}
        />
      }
      panel={
        <GoPanel
          status={statusLine(phase, toMove, seats, state.result, t)}
          phase={phase}
          moveCount={state.moves.length}
          komi={state.komi}
          result={state.result}
          score={phase === 'marking' ? score : null}
          seats={seatCards}
          settings={
            isBeforeFirstMove(state) ? (
              <Settings
                size={size}
                komi={state.komi}
                canChoose={ready && mine !== null}
                onSize={(s) => act((who) => go.boardSizeChosen({ ...who, size: s }))}
                onKomi={(komi) => act((who) => go.komiChosen({ ...who, komi }))}
              />
            ) : null
          }
          actions={
            <Actions
              phase={phase}
              seated={mine !== null}
              accepted={mine !== null && state.accepted[mine]}
              ready={ready}
              on={{
                pass: () => act(go.turnPassed),
                resign: () => act(go.gameResigned),
                accept: () => act(go.scoreAccepted),
                newGame: () => act(go.newGameStarted),
                download: () => downloadText(toSgf(state), 'game.sgf'),
              }}
            />
          }
        />
      }
    />
  );
}
