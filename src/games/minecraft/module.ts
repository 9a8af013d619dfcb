import type { GameModule } from '../GameModule';
import Board from './components/Board';

/** Minecraft as the room sees it. */
const minecraft: GameModule = {
  Board,
  credits: {
    text: 'Credits for this example:',
    links: [
      { label: 'Minecraft on YouTube', href: 'https://www.youtube.com/@minecraft' },
      { label: 'pmndrs/react-three-fiber', href: 'https://github.com/pmndrs/react-three-fiber' },
    ],
  },
  showsCursors: false,
};

export default minecraft;
