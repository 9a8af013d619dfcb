import type { ReactNode } from 'react';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import GamePanel from '../../shared/components/GamePanel';
import { useTranslation } from '../../../i18n/roomTexts';

type SidePanelProps = {
  status: string;
  finished: boolean;
  /** The latest notice from the rules ("No legal moves: ..."), when there is one that the status does not say. */
  notice: string | null;
  /** The opponent's seat first, the viewer's last: the same order as the board, top to bottom. */
  seats: ReactNode;
  actions: ReactNode;
  moves: ReactNode;
};

/** The side panel: title and status, both seats with pip counts, the game's buttons and the move list. */
export default function SidePanel({ status, finished, notice, seats, actions, moves }: SidePanelProps) {
  const { t } = useTranslation('backgammon');
  return (
    <GamePanel
      title={t('title')}
      status={status}
      finished={finished}
      statusTestId="bg-status"
      statusVariant="subtitle1"
      statusWeight={600}
      note={
        notice && (
          <Typography variant="body2" data-testid="bg-notice" sx={{ color: 'text.secondary', mt: 0.25 }}>
            {notice}
          </Typography>
        )
      }
      sx={{
        gap: 1.25,
        width: { xs: '100%', md: 290 },
        maxHeight: { md: 'calc(100vh - 48px)' },
        flexShrink: 0,
      }}
    >
      {seats}
      <Divider />
      {actions}
      {moves}
    </GamePanel>
  );
}
