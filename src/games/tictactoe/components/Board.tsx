import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useActing, useGameSelector } from '../../world';
import { historyJumped, newGameStarted, squareClaimed } from '../slice';
import Grid from './Grid';
import History from './History';
import Players from './Players';
import { tictactoeSelectors as ttt } from '../slice';
import { useRuleText, useTranslation } from '../../../i18n/roomTexts';
import './tictactoe.css';

/** The TicTacToe screen: status line, the board, the two seats, the shared history and New game. */
export default function Board() {
  const { me, act } = useActing();
  const board = useGameSelector(ttt.selectBoard);
  const status = useGameSelector(ttt.selectStatusText);
  const outcome = useGameSelector(ttt.selectOutcome);
  const line = useGameSelector(ttt.selectWinningLine);
  const nextMark = useGameSelector(ttt.selectNextMark);
  const seats = useGameSelector(ttt.selectSeats);
  const step = useGameSelector(ttt.selectStep);
  const labels = useGameSelector(ttt.selectHistoryLabels);
  const { t } = useTranslation('tictactoe');
  const ruleText = useRuleText();

  const ready = me !== null;
  const onClaim = useCallback((square: number) => act((who) => squareClaimed({ ...who, square })), [act]);
  const onJump = useCallback((s: number) => act((who) => historyJumped({ ...who, step: s })), [act]);
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
            {ruleText(status)}
          </Typography>
        </div>
        <Grid board={board} line={line} ready={ready} onClaim={onClaim} />
      </div>
      <Paper variant="outlined" className="ttt-panel">
        <Players seats={seats} toMove={outcome ? null : nextMark} myUserId={me?.by.id ?? null} />
        <Button
          variant="contained"
          color="secondary"
          disabled={!ready || labels.length === 1}
          onClick={() => act(newGameStarted)}
        >
          {t('newGame')}
        </Button>
        <History labels={labels} step={step} ready={ready} onJump={onJump} />
      </Paper>
    </div>
  );
}
