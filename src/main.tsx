import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { makeStore } from './app/store';
import { loadSession, saveSession } from './app/session/persistSession';
import { createAppRouter } from './app/routes';
import { theme } from './app/theme';
import { guardExternalDrops } from './app/externalDrop';

const store = makeStore({ session: loadSession() });
let savedSession = store.getState().session;
store.subscribe(() => {
  const session = store.getState().session;
  if (session !== savedSession) saveSession((savedSession = session));
});

const router = createAppRouter();
// On a room address, fetch the room's code and Automerge's wasm while React renders, not after the router asks.
if (!/^\/(login)?$/.test(location.pathname)) {
  void import('./app/layout/RoomLayout');
  void import('./app/room/connectRoom');
}
guardExternalDrops(window, (path) => void router.navigate(path));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>
  </StrictMode>,
);
