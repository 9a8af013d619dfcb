import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ResignDialog from '../../shared/components/ResignDialog';
import type { GoPhase } from '../rules/types';
import { useTranslation } from '../../../i18n/roomTexts';

type ActionsProps = {
  phase: GoPhase;
  /** The viewer holds a seat: only players pass, resign, accept or start again. */
  seated: boolean;
  /** The viewer's side has already accepted the marking. */
  accepted: boolean;
  ready: boolean;
  /** What each button does. */
  on: Record<'pass' | 'resign' | 'accept' | 'newGame' | 'download', () => void>;
};

/** The game's buttons: Pass and Resign in play, Accept while marking, New game once decided, and Download SGF. */
export default function Actions(props: ActionsProps) {
  const { phase, seated, accepted, ready, on } = props;
  const [confirming, setConfirming] = useState(false);
  const { t } = useTranslation('go');
  const can = ready && seated;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
      {phase === 'play' && (
        <Button variant="contained" disabled={!ready} onClick={on.pass}>
          {t('pass')}
        </Button>
      )}
      {phase === 'marking' && (
        <Button variant="contained" color="primary" disabled={!can || accepted} onClick={on.accept}>
          {accepted ? t('acceptedButton') : t('accept')}
        </Button>
      )}
      {phase !== 'finished' && (
        <Button variant="outlined" color="secondary" disabled={!can} onClick={() => setConfirming(true)}>
          {t('resign')}
        </Button>
      )}
      {phase === 'finished' && (
        <Button variant="contained" color="secondary" disabled={!can} onClick={on.newGame}>
          {t('newGame')}
        </Button>
      )}
      <Button variant="text" onClick={on.download} sx={{ gridColumn: '1 / -1' }}>
        {t('downloadSgf')}
      </Button>
      <ResignDialog open={confirming} onClose={() => setConfirming(false)} onResign={on.resign} />
    </Box>
  );
}
