import { useState } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useAppSelector } from '../hooks';
import { selectCurrentUser } from '../session/sessionSlice';
import { Loading, type GameRouteHandle } from '../routes';
import { SnackbarProvider } from 'notistack';
import { MAX_TOASTS, TOAST_MS } from '../toasts';
import Sidebar from './Sidebar';
import RemoteCursors from './RemoteCursors';
import type { Participant } from './PresencePanel';

const SIDEBAR_WIDTH = 240;

const useGameHandle = (): GameRouteHandle | null => {
  const match = useMatches().find((m) => (m.handle as GameRouteHandle | undefined)?.game);
  return (match?.handle as GameRouteHandle | undefined) ?? null;
};

/** The room: a sidebar and a detail area showing the selected game. */
function RoomFrame() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [menuOpen, setMenuOpen] = useState(false);
  const navigation = useNavigation();
  const handle = useGameHandle();
  const user = useAppSelector(selectCurrentUser);
  const participants: Participant[] = user
    ? [{ clientId: 0, name: user.name, color: user.color, isSelf: true }]
    : [];

  const sidebar = (
    <Sidebar
      credits={handle?.credits ?? null}
      participants={participants}
      onNavigate={() => setMenuOpen(false)}
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
                aria-label="Open menu"
                onClick={() => setMenuOpen(true)}
              >
                <Box component="span" aria-hidden sx={{ fontSize: 22, lineHeight: 1 }}>
                  ☰
                </Box>
              </IconButton>
              <Typography variant="h6" component="div" sx={{ ml: 1 }}>
                Game Room
              </Typography>
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
      <Box component="main" sx={{ flex: 1, minWidth: 0, overflow: 'auto', pt: wide ? 0 : 6 }}>
        {navigation.state === 'loading' ? <Loading /> : <Outlet />}
      </Box>
      {handle?.showsCursors && <RemoteCursors cursors={[]} />}
    </Box>
  );
}

/** The room with its toasts; notistack loads with the room, not with the login page. */
export default function RoomLayout() {
  return (
    <SnackbarProvider
      maxSnack={MAX_TOASTS}
      autoHideDuration={TOAST_MS.other}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <RoomFrame />
    </SnackbarProvider>
  );
}
