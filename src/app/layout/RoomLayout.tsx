import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigation, useParams } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Loading, type GameRouteHandle } from '../routes';
import { SnackbarProvider } from 'notistack';
import { MAX_TOASTS, TOAST_MS } from '../toasts';
import Sidebar from './Sidebar';
import ChatProvider from '../chat/ChatProvider';
import ChatSheet from '../chat/ChatSheet';
import RemoteCursors from './RemoteCursors';
import RoomProvider from '../room/RoomProvider';
import GameWorldProvider from '../room/GameWorldProvider';
import { roomPassword } from '../room/roomPassword';
import { usePointerTracking } from '../room/presenceView';
import { useSeatDepartures } from '../room/useSeatDepartures';
import { useBotDrivers } from '../room/useBotDrivers';
import { useSharedLuck } from '../room/useSharedLuck';
import { useHiddenDeck } from '../room/useHiddenDeck';
import { useTranslation } from '../../i18n/i18n';
import { registerServiceWorker } from '../serviceWorker';
import { useWaitingAhead } from '../roomAhead';

const SIDEBAR_WIDTH = 240;
// The dense toolbar's height: the phone's app bar, and the space the detail area leaves under it.
const APP_BAR_HEIGHT = 48;

const useGameHandle = (): GameRouteHandle | null => {
  const match = useMatches().find((m) => (m.handle as GameRouteHandle | undefined)?.game);
  return (match?.handle as GameRouteHandle | undefined) ?? null;
};

/** The room: a sidebar and a detail area showing the selected game. */
function RoomFrame() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [menuOpen, setMenuOpen] = useState(false);
  const { t } = useTranslation();
  const navigation = useNavigation();
  const handle = useGameHandle();
  const showsCursors = handle?.showsCursors ?? false;
  usePointerTracking(showsCursors);

  const sidebar = (
    <Sidebar
      game={handle?.game ?? null}
      credits={handle?.credits ?? null}
      onNavigate={() => setMenuOpen(false)}
      withChat={wide}
    />
  );

  return (
    <Box sx={{ display: 'flex', height: '100%' }}>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' },
          }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <>
          <AppBar position="fixed" elevation={1}>
            <Toolbar variant="dense">
              <IconButton
                color="inherit"
                edge="start"
                aria-label={t('openMenu')}
                onClick={() => setMenuOpen(true)}
              >
                <Box component="span" aria-hidden sx={{ fontSize: 22, lineHeight: 1 }}>
                  ☰
                </Box>
              </IconButton>
              <Typography variant="h6" component="div" sx={{ ml: 1 }}>
                {t('appName')}
              </Typography>
              <ChatSheet />
            </Toolbar>
          </AppBar>
          <Drawer
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH } }}
          >
            {sidebar}
          </Drawer>
        </>
      )}
      <Box
        component="main"
        sx={{ flex: 1, minWidth: 0, overflow: 'auto', pt: wide ? 0 : `${APP_BAR_HEIGHT}px` }}
      >
        {navigation.state === 'loading' ? <Loading /> : <Outlet />}
      </Box>
      {showsCursors && (
        <RemoteCursors area={wide ? { left: SIDEBAR_WIDTH, top: 0 } : { left: 0, top: APP_BAR_HEIGHT }} />
      )}
    </Box>
  );
}

/**
 * The room's chores, whatever this page shows: freeing departed seats, driving bots, the app kept for a start without
 * network. A component of its own so the frame never re-renders for them.
 */
function RoomChores() {
  useSeatDepartures();
  useBotDrivers();
  useSharedLuck();
  useHiddenDeck();
  // The room is what a start without network opens: from here on the app keeps itself for that. Not while the room
  // waits, rendered ahead, behind the login page: its precaching would share a phone's link with the room's start.
  const entered = !useWaitingAhead();
  useEffect(() => {
    if (entered) registerServiceWorker();
  }, [entered]);
  return null;
}

/** The room with its toasts; notistack loads with the room, not with the login page. */
export default function RoomLayout() {
  const roomId = useParams().roomId ?? '';
  const { hash } = useLocation();
  // Read once per room: the fragment may be gone after moving between games, the tab remembers it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const password = useMemo(() => roomPassword(roomId, hash), [roomId]);
  return (
    <SnackbarProvider
      maxSnack={MAX_TOASTS}
      autoHideDuration={TOAST_MS.other}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <RoomProvider roomId={roomId} password={password}>
        <RoomChores />
        <GameWorldProvider>
          <ChatProvider>
            <RoomFrame />
          </ChatProvider>
        </GameWorldProvider>
      </RoomProvider>
    </SnackbarProvider>
  );
}
