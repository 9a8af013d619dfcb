import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import GamePanel from '../../shared/components/GamePanel';
import type { Score } from '../rules/scoring';
import type { GoPhase } from '../rules/types';
import { resultInWords, resultNotation } from './panelText';
import { useTranslation } from '../../../i18n/roomTexts';

type GoPanelProps = {
  status: string;
  phase: GoPhase;
  moveCount: number;
  komi: number;
  result: string | null;
  /** The area count as marked so far, shown while marking. */
  score: Score | null;
  seats: ReactNode;
  /** Size and komi controls, present only before the first move. */
  settings: ReactNode;
  actions: ReactNode;
};

/** The side panel: title and status, both seats, move counter and komi, settings or the score, and the buttons. */
export default function GoPanel({
  status,
  phase,
  moveCount,
  komi,
  result,
  score,
  seats,
  settings,
  actions,
}: GoPanelProps) {
  const { t } = useTranslation('go');
  return (
    <GamePanel
      title={t('title')}
      status={status}
      finished={phase === 'finished'}
      statusTestId="go-status"
      statusVariant="h6"
      note={
        phase === 'finished' && (
          <Typography variant="body2" data-testid="go-result-words" sx={{ color: 'text.secondary' }}>
            {resultInWords(result, t)}
          </Typography>
        )
      }
      sx={{ gap: 1.5, width: { xs: '100%', md: 300 } }}
    >
      {seats}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', color: 'text.secondary' }}>
        <Typography variant="body2" data-testid="go-move-count">
          {t('moveCount', { n: moveCount })}
        </Typography>
        <Typography variant="body2">{t('komiValue', { komi })}</Typography>
      </Box>
      {score && (
        <Box data-testid="go-score" sx={{ p: 1, borderRadius: 1.5, bgcolor: 'rgba(0,0,0,0.04)' }}>
          <Typography variant="body2">{t('area', { black: score.black, white: score.white })}</Typography>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {resultNotation(score.result, t)}
          </Typography>
        </Box>
      )}
      {settings && <Divider />}
      {settings}
      <Divider />
      {actions}
    </GamePanel>
  );
}
