import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMe, useGameSelector, useReadiedAct, type Me } from '../../world';
import { historyJumped, newGameStarted, squareClaimed } from '../slice';
import Grid from './Grid';
import History from './History';
import Players from './Players';
import { tictactoeSelectors as ttt } from '../slice';
import { useReasonText, useTranslation } from '../../../i18n/roomTexts';
import './tictactoe.css';

// Every act of the screen is made as the player reaches for its button (useReadiedAct): a square is signed then; the
// history and New game are open to anyone and unsigned (docs/fair-play.md), and go the same way.
const claimSquare = (who: Me, square: number) => squareClaimed({ ...who, square });
const jumpToStep = (who: Me, step: number) => historyJumped({ ...who, step });
const startAgain = (who: Me) => newGameStarted(who);

/** The TicTacToe screen: status line, the board, the two seats, the shared history and New game. */
export default function Board() {
  const me = useMe();
  const board = useGameSelector(ttt.selectBoard);
  const status = useGameSelector(ttt.selectStatusText);
  const outcome = useGameSelector(ttt.selectOutcome);
  const line = useGameSelector(ttt.selectWinningLine);
  const nextMark = useGameSelector(ttt.selectNextMark);
  const seats = useGameSelector(ttt.selectSeats);
  const step = useGameSelector(ttt.selectStep);
  const labels = useGameSelector(ttt.selectHistoryLabels);
  const { t } = useTranslation('tictactoe');
  const reasonText = useReasonText();

  const ready = me !== null;
  const claim = useReadiedAct(claimSquare);
  const jump = useReadiedAct(jumpToStep);
  const restart = useReadiedAct(startAgain);
  return (
    <div className="ttt-screen">
      <div className="ttt-main">
        <div className="ttt-heading">
          <Typography variant="h4" component="h1" className="ttt-title">
            {t('title')}
          </Typography>
          <Typography
            variant="h6"
            component="p"
            role="status"
            data-testid="ttt-status"
            color={outcome ? 'secondary' : undefined}
            className="ttt-status"
          >
            {reasonText(status)}
          </Typography>
        </div>
        <Grid board={board} line={line} ready={ready} claim={claim} />
      </div>
      <Paper variant="outlined" className="ttt-panel">
        <Players seats={seats} toMove={outcome ? null : nextMark} myUserId={me?.by.id ?? null} />
        <Button
          variant="contained"
          color="secondary"
          disabled={!ready || labels.length === 1}
          onClick={() => restart.act(0)}
          {...restart.approach(0)}
        >
          {t('newGame')}
        </Button>
        <History labels={labels} step={step} ready={ready} jump={jump} />
      </Paper>
    </div>
  );
}
