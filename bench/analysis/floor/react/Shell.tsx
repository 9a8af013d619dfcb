// The pinned stack's least room page: React 19, MUI with the app's theme and baseline, and a data router, drawing
// "Connected:" with the present names and the room's counter; nothing of the app's store, rooms or games.
import { StrictMode, use, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../../src/app/theme';
import type { RoomPresence } from '../../../../src/sync/presence/RoomPresence';
import { presentNames, type RoomCounter } from '../joinRoom';

/** What the page shows of the room, once its network module has joined. */
export type FloorRoom = Promise<{ presence: RoomPresence; counter: RoomCounter }>;

// Each part subscribes to what it shows, so a new count re-renders the count alone, as a well-built page would.
function Names({ presence }: { presence: RoomPresence }) {
  const states = useSyncExternalStore(
    (listener) => presence.subscribe(listener),
    () => presence.getStates(),
  );
  return (
    <List dense disablePadding data-testid="presence-list">
      {presentNames(states).map((name, i) => (
        <ListItem key={i} disableGutters>
          <ListItemText primary={name} />
        </ListItem>
      ))}
    </List>
  );
}

function Count({ counter }: { counter: RoomCounter }) {
  const count = useSyncExternalStore(counter.subscribe, counter.get);
  return <Typography data-testid="floor-count">{count}</Typography>;
}

function Connected({ room }: { room: FloorRoom }) {
  const { presence, counter } = use(room);
  return (
    <Paper sx={{ m: 2, p: 2, maxWidth: 320 }}>
      <Typography variant="subtitle2">Connected:</Typography>
      <Names presence={presence} />
      <Button id="floor-act" variant="contained" onClick={counter.act}>
        Act
      </Button>
      <Count counter={counter} />
    </Paper>
  );
}

/** Renders the page into container. */
export function startShell(container: HTMLElement, room: FloorRoom): void {
  const router = createBrowserRouter([{ path: '/:room/*', element: <Connected room={room} /> }]);
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </StrictMode>,
  );
}
