import { useEffect, useRef } from 'react';
import type { GameState } from '../rules/types';
import { soundOn } from './soundSetting';

/** The bell that rings when the turn becomes the viewer's, at the spec's volume. */
export const BELL = { src: '/sounds/bell.wav', volume: 0.1 } as const;
/** The tile click played when the turn passes to another player, at the spec's volume. */
export const TILE_CLICK = { src: '/sounds/tile.wav', volume: 0.5 } as const;

// One element per sound, made on first use and rewound for each turn: a new element per turn fetched and decoded the
// file again, on the main thread, right after the move's render.
const players = new Map<string, HTMLAudioElement>();

/** Plays one of the table's sounds from its start (the chat rings the bell too); a refused play is let go. */
export function play(sound: { src: string; volume: number }) {
  let audio = players.get(sound.src);
  if (!audio) {
    audio = new Audio(sound.src);
    audio.volume = sound.volume;
    players.set(sound.src, audio);
  }
  audio.currentTime = 0;
  // A browser may refuse sound before the page was touched; a missed click is not worth an error.
  audio.play().catch(() => {});
}

// Starting a sound takes the main thread a few ms (rewind and play: about 2 ms in headless Chromium here). Run in the
// move's effects, it held back the frame that shows the move, so a visible page plays it once that frame is painted;
// a hidden page paints nothing and plays it at once.
function playAfterPaint(sound: { src: string; volume: number }) {
  if (document.hidden) return play(sound);
  requestAnimationFrame(() => setTimeout(() => play(sound)));
}

/**
 * Spec "Sounds": while play is in progress, each change of turn rings the bell for the viewer, else clicks a tile;
 * silent while the player has turned the table's sounds off.
 */
export function useTurnSounds(
  gameState: GameState,
  currentPlayer: number | null,
  viewerSeatId: number | null,
): void {
  const last = useRef(currentPlayer);
  useEffect(() => {
    if (last.current === currentPlayer) return;
    last.current = currentPlayer;
    if (gameState !== 'play' || currentPlayer === null || !soundOn()) return;
    playAfterPaint(currentPlayer === viewerSeatId ? BELL : TILE_CLICK);
  }, [gameState, currentPlayer, viewerSeatId]);
}
