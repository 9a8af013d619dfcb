import { NavLink, useLocation, useNavigate } from 'react-router';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { DEFAULT_GAME, GAMES } from '../games';
import { newRoomId, randomId } from '../session/randomId';
import { useRoomConnection } from '../room/RoomProvider';
import { privateRoomHash } from '../room/roomPassword';
import { useAppDispatch } from '../hooks';
import { loggedOut } from '../session/sessionSlice';
import { useToasts } from '../toasts';
import Credits from './Credits';
import LanguageSwitch from './LanguageSwitch';
import PresencePanel from './PresencePanel';
import ChatPanel from '../chat/ChatPanel';
import ChatSwitch from '../chat/ChatSwitch';
import { useChatShown } from '../chat/chatSettings';
import type { GameCredits } from '../../games/GameModule';
import { useTranslation } from '../../i18n/i18n';
import type { common } from '../../i18n/en/common';

type GamePath = keyof typeof common.games;

/** The games, Share Link and the credits beside the chat: they scroll on a short screen, fading out at their foot. */
const SCROLLING_PART = {
  flex: '0 1 auto',
  minHeight: 120,
  overflowY: 'auto',
  pb: 2,
  maskImage: 'linear-gradient(to bottom, #000 calc(100% - 16px), transparent)',
} as const;

/**
 * The room's sidebar, top to bottom as the product orders it, then the room's chat where it shows in the sidebar
 * (a desktop), with More, Log out and the chat's switch at the foot.
 */
export default function Sidebar({
  game,
  credits,
  onNavigate,
  withChat = false,
}: {
  game: string | null;
  credits: GameCredits | null;
  onNavigate?: () => void;
  /** Shows the chat in the sidebar (a desktop; a phone has its own button). */
  withChat?: boolean;
}) {
  // The setting, not the chat: the sidebar does not re-render with each message or post.
  const chatShown = useChatShown() && withChat;
  const toasts = useToasts();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { t } = useTranslation();

  const shareLink = async () => {
    // On a phone the system's share sheet is what people expect; elsewhere the link is copied (spec: 'Copied!').
    if (typeof navigator.share === 'function' && matchMedia('(pointer: coarse)').matches) {
      try {
        await navigator.share({ title: document.title, url: window.location.href });
        return;
      } catch (error) {
        // Dismissing the sheet is no error; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(window.location.href);
      toasts.success(t('copied'));
    } catch (error) {
      toasts.error(t('copyFailed'));
      console.error(error);
    }
  };

  const openPrivateRoom = () => {
    onNavigate?.();
    navigate(`/${newRoomId()}/${game ?? DEFAULT_GAME}${privateRoomHash(randomId(16))}`);
  };

  const logOut = () => {
    dispatch(loggedOut());
    navigate('/login');
  };

  // With the chat the sidebar is packed closer: a 1280 x 800 screen shows the games, "Connected:" and the chat at once.
  const column = { display: 'flex', flexDirection: 'column', gap: chatShown ? 1.5 : 2 } as const;
  return (
    <Box sx={{ ...column, p: 2, height: '100%', boxSizing: 'border-box', overflowY: 'auto' }}>
      {/* With the chat, the part above "Connected:" scrolls on a short screen; who is here stays in view. */}
      <Box sx={chatShown ? { ...column, ...SCROLLING_PART } : column}>
        <Typography variant="h6" component="div" sx={{ fontWeight: 800, letterSpacing: 0.3 }}>
          {t('appName')}
        </Typography>
        <List component="nav" aria-label={t('gamesNav')} disablePadding dense={chatShown}>
          {GAMES.map((game) => (
            <ListItemButton
              key={game.path}
              component={NavLink}
              to={{ pathname: game.path, hash }}
              onClick={onNavigate}
              sx={{
                borderRadius: 2,
                mb: 0.5,
                '&.active': {
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  '&:hover': { bgcolor: 'primary.dark' },
                },
                '&.pending': { bgcolor: 'action.selected', fontStyle: 'italic' },
              }}
            >
              <ListItemText primary={t(`games.${game.path as GamePath}`)} />
            </ListItemButton>
          ))}
        </List>
        <Button variant="outlined" onClick={shareLink}>
          {t('shareLink')}
        </Button>
        <Credits credits={credits} />
      </Box>
      <Divider />
      {/* Beside the chat, a long list of people scrolls on its own rather than squeezing the conversation. */}
      <Box sx={chatShown ? { flex: 'none', maxHeight: '30vh', overflowY: 'auto' } : undefined}>
        <PresencePanel />
      </Box>
      {chatShown ? (
        <Box sx={{ flex: '1 1 0', display: 'flex', minHeight: 'min(300px, 30vh)' }}>
          <ChatPanel heading />
        </Box>
      ) : (
        <Box sx={{ flex: 1 }} />
      )}
      <LanguageSwitch />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
        <MoreMenu game={game} onPrivateRoom={openPrivateRoom} />
        <Button color="inherit" size="small" onClick={logOut}>
          {t('logOut')}
        </Button>
        {!chatShown && <ChatSwitch />}
      </Box>
    </Box>
  );
}

/**
 * What players rarely need, out of the way in one menu: a new private room, and the room's log of this game (for
 * Redux DevTools and npm run replay). The only part of the sidebar that reads the room's connection: its arrival
 * re-renders this menu, not the game list and the rest.
 */
function MoreMenu({ game, onPrivateRoom }: { game: string | null; onPrivateRoom: () => void }) {
  const connection = useRoomConnection();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { t } = useTranslation();
  const close = () => setAnchor(null);
  const exportLog = () => {
    close();
    if (!connection || !game) return;
    const file = new Blob([connection.bridge.exportLog(game)], { type: 'application/json' });
    const link = Object.assign(document.createElement('a'), {
      href: URL.createObjectURL(file),
      download: `${game}-log.json`,
    });
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <>
      <Button color="inherit" size="small" onClick={(event) => setAnchor(event.currentTarget)}>
        {t('more')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          onClick={() => {
            close();
            onPrivateRoom();
          }}
          title={t('newPrivateRoomHint')}
        >
          {t('newPrivateRoom')}
        </MenuItem>
        {game && (
          <MenuItem onClick={exportLog} disabled={!connection}>
            {t('exportLog')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
