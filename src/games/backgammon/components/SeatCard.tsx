import Typography from '@mui/material/Typography';
import SharedSeatCard, { type SeatCardState, type SeatPiece } from '../../shared/components/SeatCard';
import { useTranslation } from '../../../i18n/roomTexts';
import type { Side } from '../rules/types';

const RIM = 'inset 0 0 0 2px rgba(0,0,0,0.18), 0 2px 3px rgba(0,0,0,0.35)';
const CHECKERS: Record<Side, SeatPiece> = {
  black: {
    size: 26,
    background: 'radial-gradient(circle at 38% 32%, #6a5246, #2f231d 55%, #140e0b)',
    shadow: RIM,
  },
  white: {
    size: 26,
    background: 'radial-gradient(circle at 38% 32%, #fffdf6, #ece5d3 70%, #cbbf9f)',
    shadow: RIM,
  },
};

/** One side of the game: its checker colour, who sits there, the pip count and borne-off checkers, Sit / Stand. */
export default function SeatCard({
  side,
  pips,
  off,
  ...state
}: SeatCardState & { side: Side; pips: number; off: number }) {
  const { t } = useTranslation('backgammon');
  const colour = t(`sides.${side}`);
  return (
    <SharedSeatCard
      {...state}
      id={side}
      colour={colour}
      piece={CHECKERS[side]}
      dense
      below={
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', lineHeight: 1.3 }}>
          {colour}
          {state.isTurn && ` · ${t('toPlay')}`} ·{' '}
          <span data-testid={`pips-${side}`}>{t('pips', { n: pips })}</span>
          {off > 0 && ` · ${t('off', { n: off })}`}
        </Typography>
      }
    />
  );
}
