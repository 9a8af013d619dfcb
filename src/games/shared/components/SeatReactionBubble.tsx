import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useSeatReaction } from '../../world';

const popIn = keyframes`
  from { opacity: 0; transform: translateY(6px) scale(0.9); }
  to { opacity: 1; transform: none; }
`;

/**
 * The quick reaction a seated player sent just now, in a speech bubble over their seat for a few seconds (the app's
 * chat decides how long). Placed over the seat's name: the surrounding element is its positioning parent.
 */
export default function SeatReactionBubble({
  userId,
  below = false,
}: {
  userId: string | null | undefined;
  /** Under the name rather than over it: a seat at the top of the table has no room above. */
  below?: boolean;
}) {
  const reaction = useSeatReaction(userId);
  if (!reaction) return null;
  const emoji = [...reaction.text].length <= 2;
  const tail = below
    ? { bottom: '100%', borderBottomColor: '#fffdf6' }
    : { top: '100%', borderTopColor: '#fffdf6' };
  return (
    <Box
      key={reaction.id}
      data-testid="seat-reaction"
      sx={{
        position: 'absolute',
        left: '50%',
        ...(below ? { top: 'calc(100% + 6px)' } : { bottom: 'calc(100% + 6px)' }),
        translate: '-50% 0',
        zIndex: 5,
        px: 1.25,
        py: 0.25,
        borderRadius: 3,
        bgcolor: '#fffdf6',
        color: '#1d2b24',
        boxShadow: '0 2px 8px rgba(0,0,0,0.35)',
        fontWeight: 700,
        fontSize: emoji ? 22 : 15,
        lineHeight: 1.4,
        whiteSpace: 'nowrap',
        pointerEvents: 'none',
        animation: `${popIn} 160ms ease-out`,
        '&::after': {
          content: '""',
          position: 'absolute',
          left: '50%',
          translate: '-50% 0',
          border: '6px solid transparent',
          ...tail,
        },
      }}
    >
      {reaction.text}
    </Box>
  );
}
