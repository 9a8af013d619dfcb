import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/roomTexts';

/** The game's move list, newest at the bottom and kept in view; the turn being played shows as a pending line. */
export default function MoveList({ lines, pending }: { lines: readonly string[]; pending: string | null }) {
  const list = useRef<HTMLOListElement>(null);
  const { t } = useTranslation('backgammon');
  // Scroll the list itself, never the page: scrollIntoView would pull a phone's page down at every move.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lines.length, pending]);
  return (
    <Box sx={{ minHeight: 0, flex: 1, display: 'flex', flexDirection: 'column' }}>
      <Typography variant="overline" sx={{ color: 'text.secondary', lineHeight: 1.8 }}>
        {t('moves')}
      </Typography>
      <Box
        component="ol"
        ref={list}
        aria-label={t('moveList')}
        data-testid="move-list"
        sx={{
          m: 0,
          pl: 4.5,
          flex: 1,
          minHeight: 48,
          maxHeight: { xs: 200, md: 'none' },
          overflowY: 'auto',
          fontSize: 13,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          '& li': { py: 0.15 },
          '& li::marker': { color: 'text.disabled' },
        }}
      >
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
        {pending && (
          <Box component="li" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
            {pending}
          </Box>
        )}
      </Box>
    </Box>
  );
}
