import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ResignDialog from '../../shared/components/ResignDialog';
import type { Phase } from '../rules/types';
import { useTranslation } from '../../../i18n/roomTexts';

/** What the buttons need to know; every flag is read from selectors by the board. */
export type ActionsState = {
  phase: Phase;
  /** The viewer's seat is taken by them: only players get buttons. */
  seated: boolean;
  ready: boolean;
  isMover: boolean;
  /** The viewer has rolled their opening die already. */
  openingRolled: boolean;
  rolled: boolean;
  /** A double waits for an answer: 'mine' when the viewer offered it, 'theirs' when the viewer must answer. */
  offer: 'mine' | 'theirs' | null;
  /** The cube may be turned by the viewer (centred or theirs, below 64). */
  cubeAvailable: boolean;
  canUndo: boolean;
  canConfirm: boolean;
};

/** What each button does. */
export type ActionHandlers = Record<
  'roll' | 'double' | 'accept' | 'decline' | 'undo' | 'confirm' | 'resign' | 'newGame',
  () => void
>;

/** The game's buttons. They stay pressable for the player who is not to move, so the rules can answer "Not your
 * turn"; they are disabled only where the viewer's own turn makes the answer obvious (nothing to undo yet). */
export default function Actions({ s, on }: { s: ActionsState; on: ActionHandlers }) {
  const [confirming, setConfirming] = useState(false);
  const { t } = useTranslation('backgammon');
  if (!s.seated) return null;
  const off = !s.ready;
  const playing = s.phase === 'playing';
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: '1fr 1fr',
        gap: 1,
        '& .MuiButton-root': { whiteSpace: 'nowrap' },
      }}
    >
      {s.phase === 'opening' && (
        <Button
          variant="contained"
          disabled={off || s.openingRolled}
          onClick={on.roll}
          sx={{ gridColumn: '1 / -1' }}
        >
          {t('roll')}
        </Button>
      )}
      {playing && s.offer === 'theirs' && (
        <>
          <Button variant="contained" disabled={off} onClick={on.accept}>
            {t('accept')}
          </Button>
          <Button variant="outlined" color="secondary" disabled={off} onClick={on.decline}>
            {t('decline')}
          </Button>
        </>
      )}
      {playing && s.offer === 'mine' && (
        <Typography variant="body2" sx={{ gridColumn: '1 / -1', color: 'text.secondary' }}>
          {t('waitingForAnswer')}
        </Typography>
      )}
      {playing && !s.offer && !s.rolled && (
        <>
          <Button variant="contained" disabled={off} onClick={on.roll}>
            {t('roll')}
          </Button>
          <Button variant="outlined" disabled={off || !s.cubeAvailable} onClick={on.double}>
            {t('double')}
          </Button>
        </>
      )}
      {playing && !s.offer && s.rolled && (
        <>
          <Button variant="outlined" disabled={off || (s.isMover && !s.canUndo)} onClick={on.undo}>
            {t('undo')}
          </Button>
          <Button variant="contained" disabled={off || (s.isMover && !s.canConfirm)} onClick={on.confirm}>
            {t('confirmTurn')}
          </Button>
        </>
      )}
      {playing && (
        <Button
          variant="text"
          color="secondary"
          disabled={off}
          onClick={() => setConfirming(true)}
          sx={{ gridColumn: '1 / -1' }}
        >
          {t('resign')}
        </Button>
      )}
      {s.phase === 'finished' && (
        <Button
          variant="contained"
          color="secondary"
          disabled={off}
          onClick={on.newGame}
          sx={{ gridColumn: '1 / -1' }}
        >
          {t('newGame')}
        </Button>
      )}
      <ResignDialog open={confirming} onClose={() => setConfirming(false)} onResign={on.resign} />
    </Box>
  );
}
