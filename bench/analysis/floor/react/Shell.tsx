// The pinned stack's least room page: React 19, MUI with the app's theme and baseline, and a data router, drawing
// "Connected:" and the present names; nothing of the app's store, rooms or games.
import { StrictMode, use, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../../src/app/theme';
import type { RoomNetwork } from '../../../../src/app/room/roomNetwork';
import { presentNames } from '../joinRoom';

function Connected({ network }: { network: Promise<RoomNetwork> }) {
  const { presence } = use(network);
  const states = useSyncExternalStore(
    (listener) => presence.subscribe(listener),
    () => presence.getStates(),
  );
  return (
    <Paper sx={{ m: 2, p: 2, maxWidth: 320 }}>
      <Typography variant="subtitle2">Connected:</Typography>
      <List dense disablePadding data-testid="presence-list">
        {presentNames(states).map((name, i) => (
          <ListItem key={i} disableGutters>
            <ListItemText primary={name} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/** Renders the page into container once the room network module has joined. */
export function startShell(container: HTMLElement, network: Promise<RoomNetwork>): void {
  const router = createBrowserRouter([{ path: '/:room/*', element: <Connected network={network} /> }]);
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </StrictMode>,
  );
}
