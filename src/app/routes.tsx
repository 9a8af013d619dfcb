import { createBrowserRouter, type RouteObject } from 'react-router';
import Typography from '@mui/material/Typography';
import LoginRoute from './login/LoginRoute';
import RouteErrorPage from './RouteErrorPage';
import RequireUser from './RequireUser';
import { GAMES } from './games';
import type { GameCredits } from '../games/GameModule';
import { injectGame } from './room/gameRegistry';

/** What a game route tells the room layout (read through useMatches). */
export type GameRouteHandle = { game: string; credits: GameCredits | null; showsCursors: boolean };

/** The text shown while a game's code loads. */
export const Loading = () => <Typography sx={{ p: 3 }}>...</Typography>;

const errorElement = <RouteErrorPage />;

const gameRoutes: RouteObject[] = GAMES.map((entry) => ({
  path: entry.path,
  errorElement,
  lazy: async () => {
    const game = await entry.load();
    injectGame(game.rules);
    const handle: GameRouteHandle = {
      game: entry.path,
      credits: game.credits,
      showsCursors: game.showsCursors,
    };
    return { Component: game.Board, handle };
  },
}));

/** The route table, every level with the shared error screen. */
export const routes: RouteObject[] = [
  {
    errorElement,
    hydrateFallbackElement: <Loading />,
    children: [
      { path: '/', element: <LoginRoute /> },
      { path: '/login', element: <LoginRoute /> },
      {
        path: '/:roomId',
        element: <RequireUser />,
        errorElement,
        children: [
          {
            errorElement,
            lazy: () => import('./layout/RoomLayout').then((m) => ({ Component: m.default })),
            children: [
              {
                index: true,
                lazy: () => import('./layout/RoomHome').then((m) => ({ Component: m.default })),
              },
              ...gameRoutes,
            ],
          },
        ],
      },
    ],
  },
];

/** The browser router for the app. */
export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;
