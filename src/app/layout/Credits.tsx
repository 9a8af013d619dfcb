import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GameCredits } from '../../games/GameModule';
import { useTranslation } from '../../i18n/roomTexts';

/** The credits block for the current game, or nothing when the game shows none. */
export default function Credits({ credits }: { credits: GameCredits | null }) {
  // The keys name texts of several namespaces: the instance's t reads them all; the hook renders this again on a change.
  const { i18n } = useTranslation();
  if (!credits) return null;
  return (
    <Typography component="div" variant="body2" color="text.secondary" data-testid="credits">
      {i18n.t(credits.text)}
      {credits.links.map((link) => (
        <div key={link.href}>
          <Link href={link.href} target="_blank" rel="noreferrer">
            {i18n.t(link.label)}
          </Link>
        </div>
      ))}
    </Typography>
  );
}
