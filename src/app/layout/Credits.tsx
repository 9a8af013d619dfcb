import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GameCredits } from '../../games/GameModule';

/** The credits block for the current game, or nothing when the game shows none. */
export default function Credits({ credits }: { credits: GameCredits | null }) {
  if (!credits) return null;
  return (
    <Typography component="div" variant="body2" color="text.secondary" data-testid="credits">
      {credits.text}
      {credits.links.map((link) => (
        <div key={link.href}>
          <Link href={link.href} target="_blank" rel="noreferrer">
            {link.label}
          </Link>
        </div>
      ))}
    </Typography>
  );
}
