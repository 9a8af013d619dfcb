import Typography from '@mui/material/Typography';
import SharedSeatCard, { type SeatCardState, type SeatPiece } from '../../shared/components/SeatCard';
import type { Stone } from '../rules/types';
import { colourName } from './panelText';
import { useTranslation } from '../../../i18n/roomTexts';

const SHADOW = '0 2px 3px rgba(0,0,0,0.35)';
const STONES: Record<Stone, SeatPiece> = {
  b: { size: 28, background: 'radial-gradient(circle at 35% 30%, #6b6b6b, #111 60%)', shadow: SHADOW },
  w: { size: 28, background: 'radial-gradient(circle at 35% 30%, #fff, #d6d3ca 80%)', shadow: SHADOW },
};

type GoSeat = SeatCardState & {
  stone: Stone;
  captures: number;
  /** Shown while marking dead stones: whether this seat has pressed Accept. */
  accepted: boolean | null;
};

/** One side of the game: its stone, who sits there, their captures, the turn marker and Sit / Stand. */
export default function SeatCard({ stone, captures, accepted, ...state }: GoSeat) {
  const { t } = useTranslation('go');
  const colour = colourName(stone, t);
  return (
    <SharedSeatCard
      {...state}
      id={stone}
      colour={colour}
      piece={STONES[stone]}
      standLabel={t('standFrom', { colour })}
      above={
        <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: 1.2 }}>
          {colour}
          {state.isTurn && ` · ${t('seatToPlay')}`}
          {accepted !== null && ` · ${accepted ? t('accepted') : t('toAccept')}`}
        </Typography>
      }
      below={
        <Typography variant="caption" data-testid={`captures-${stone}`} sx={{ color: 'text.secondary' }}>
          {t('captures', { n: captures })}
        </Typography>
      }
    />
  );
}
