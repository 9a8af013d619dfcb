import type { GameModule } from '../GameModule';
import type { SyncedGame } from '../../sync/log/SyncedGame';
import Board from './components/Board';
import type { Reducer } from '@reduxjs/toolkit';
import { minecraft as minecraftGame, QUIET_REASONS } from './index';

/** Minecraft as the room sees it. */
const minecraft: GameModule = {
  Board,
  credits: {
    text: 'common:creditsIntro',
    links: [
      { label: 'minecraft:creditChannel', href: 'https://www.youtube.com/@minecraft' },
      { label: 'minecraft:creditRepo', href: 'https://github.com/pmndrs/react-three-fiber' },
    ],
  },
  showsCursors: false,
  rules: {
    // SyncedGame and Reducer are invariant in their state; the registry holds every game's as unknown.
    game: minecraftGame.synced as SyncedGame<unknown>,
    reducer: minecraftGame.reducer as Reducer,
    quietReasons: QUIET_REASONS,
  },
};

export default minecraft;
