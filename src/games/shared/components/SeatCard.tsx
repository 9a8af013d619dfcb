import type { ReactNode } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/roomTexts';
import { useMe, useReadiedAct, type Approach, type Me } from '../../world';
import SeatReactionBubble from './SeatReactionBubble';

/** What every seat card knows of its seat and of the viewer, whatever the game. */
export type SeatCardState = {
  seat: { user: { id?: string; name: string } } | null;
  isTurn: boolean;
  isMine: boolean;
  /** The viewer holds no seat and may take this free one. */
  canSit: boolean;
  ready: boolean;
  onSit: () => void;
  onStand: () => void;
  /** Readies the button's act (Sit, or Stand on the viewer's own seat) as the player reaches for it. */
  approach?: Approach;
};

/** What a seat card's Sit / Stand knows of a side (all but whose turn it is), from useSeatButtons. */
export type SeatButtons = Omit<SeatCardState, 'isTurn'>;

/**
 * Sit and Stand for a two-player board's seat cards, made and signed as the player reaches for the buttons
 * (useReadiedAct): for a side, its seat and whether the viewer (seated at `mine`, or not) holds it or may take it.
 * sitAs and standUp must keep their identity (module functions).
 */
export function useSeatButtons<K>(
  sitAs: (who: Me, key: K) => UnknownAction,
  standUp: (who: Me) => UnknownAction,
): (key: K, seat: SeatCardState['seat'], mine: K | null) => SeatButtons {
  const me = useMe();
  const sit = useReadiedAct(sitAs);
  const stand = useReadiedAct(standUp);
  return (key, seat, mine) => ({
    seat,
    isMine: mine === key,
    canSit: seat === null && mine === null,
    ready: me !== null,
    onSit: () => sit.act(key),
    onStand: () => stand.act(key),
    approach: mine === key ? stand.approach(key) : sit.approach(key),
  });
}

/** The disc drawn for a side: its diameter in px, its fill and its shadow. */
export type SeatPiece = { size: number; background: string; shadow: string };

type SeatCardProps = SeatCardState & {
  /** Names the test ids `seat-<id>` and `seat-<id>-name`. */
  id: string;
  /** The side in words ("White"): the Sit button says "Sit as White". */
  colour: string;
  piece: SeatPiece;
  /** The game's own lines, above and below the player's name. */
  above?: ReactNode;
  below?: ReactNode;
  /** Less height around the lines, for a card with two lines instead of three. */
  dense?: boolean;
  /** The Stand button's accessible name, when it says more than "Stand". */
  standLabel?: string;
};

/** One side of a two-player game: its piece, who sits there (or "Empty seat"), the game's lines, Sit / Stand. */
export default function SeatCard(props: SeatCardProps) {
  const { id, colour, piece, seat, isTurn, isMine, canSit, ready, onSit, onStand, approach } = props;
  const { t } = useTranslation('shared');
  return (
    <Box
      data-testid={`seat-${id}`}
      aria-current={isTurn ? 'true' : undefined}
      sx={{
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        px: 1.25,
        py: props.dense ? 0.75 : 1.25,
        borderRadius: 2,
        border: '2px solid',
        borderColor: isTurn ? 'primary.main' : 'divider',
        bgcolor: isTurn ? 'rgba(31, 95, 74, 0.08)' : 'transparent',
        transition: 'border-color 150ms, background-color 150ms',
      }}
    >
      <SeatReactionBubble userId={seat?.user.id} />
      <Box
        aria-hidden
        sx={{
          width: piece.size,
          height: piece.size,
          flexShrink: 0,
          borderRadius: '50%',
          background: piece.background,
          boxShadow: piece.shadow,
        }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {props.above}
        <Typography
          data-testid={`seat-${id}-name`}
          sx={{ fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {seat ? (isMine ? t('you', { name: seat.user.name }) : seat.user.name) : t('emptySeat')}
        </Typography>
        {props.below}
      </Box>
      {(isMine || canSit) && (
        <Button
          // Stand and Sit are two buttons, not one that changes: focus does not stay on a button that now sits.
          key={isMine ? 'stand' : 'sit'}
          size="small"
          variant={isMine ? 'outlined' : 'contained'}
          disabled={!ready}
          onClick={isMine ? onStand : onSit}
          {...approach}
          aria-label={isMine ? props.standLabel : t('sitAs', { colour })}
        >
          {isMine ? t('stand') : t('sit')}
        </Button>
      )}
    </Box>
  );
}
