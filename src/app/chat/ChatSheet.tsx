import { useEffect, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import Typography from '@mui/material/Typography';
import { useChat } from './ChatProvider';
import { useChatTexts } from './chatTexts';
import ChatPanel from './ChatPanel';
import { ChatIcon } from './chatIcons';

/**
 * Room left below the sheet on a phone: the Okey rack and its name plate (about 130 px at 390 px wide) stay in view
 * and playable while the chat is open.
 */
const RACK_CLEARANCE = 150;

/**
 * The chat on a phone: a button in the app bar with the count of unread messages, and the sheet it opens above the
 * bottom of the table, which leaves the rack visible. Nothing while the chat is switched off.
 */
export default function ChatSheet() {
  const chat = useChat();
  const t = useChatTexts();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  if (!chat) return null;
  const unread = chat.unread;
  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        sx={{ ml: 'auto' }}
        aria-label={unread > 0 ? t('openUnread', { count: unread }) : t('open')}
        aria-expanded={open}
        data-testid="chat-button"
        onClick={() => setOpen((was) => !was)}
      >
        <Badge badgeContent={unread} color="secondary" max={99} data-testid="chat-unread">
          <ChatIcon fontSize="small" />
        </Badge>
      </IconButton>
      <Slide direction="up" in={open} mountOnEnter unmountOnExit>
        <Paper
          elevation={8}
          data-testid="chat-sheet"
          sx={{
            position: 'fixed',
            left: 8,
            right: 8,
            bottom: RACK_CLEARANCE,
            height: `min(440px, calc(100dvh - ${RACK_CLEARANCE + 64}px))`,
            zIndex: (theme) => theme.zIndex.appBar + 1,
            borderRadius: 3,
            p: 1.5,
            pt: 1,
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            color: 'text.primary',
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
              {t('title')}
            </Typography>
            <IconButton size="small" aria-label={t('close')} onClick={() => setOpen(false)}>
              <Box component="span" aria-hidden sx={{ fontSize: 18, lineHeight: 1 }}>
                ✕
              </Box>
            </IconButton>
          </Box>
          <ChatPanel />
        </Paper>
      </Slide>
    </>
  );
}
