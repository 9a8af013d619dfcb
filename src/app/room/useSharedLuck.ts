import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector, useAppStore, useMe } from '../hooks';
import type { RootState } from '../store';
import type { GameSeating } from '../../games/shared/seating';
import { commitToSecret, secretFor } from '../../games/shared/secrets';
import { useSeatings } from './useSeatDepartures';

/** How long shared luck waits for a seat's secret before this page says the draw waited too long. */
export const LUCK_TIMEOUT_MS = 10_000;

// Injected games sit beside the room's own slices; RootState types only the latter.
const stateOf = (state: RootState, seating: GameSeating): unknown =>
  (state as unknown as Record<string, unknown>)[seating.game.name];

/** The secrets shared luck waits for, as 'game|seat|commitment' lines; `mine`: only those this page holds. */
export function awaitedSecrets(state: RootState, games: readonly GameSeating[], mine: boolean): string {
  const lines: string[] = [];
  for (const seating of games) {
    const gameState = stateOf(state, seating);
    if (!seating.luckAwaited || gameState === undefined) continue;
    for (const { seat, commitment } of seating.luckAwaited(gameState))
      if (!mine || secretFor(commitment) !== null) lines.push(`${seating.game.name}|${seat}|${commitment}`);
  }
  return lines.join('\n');
}

/**
 * Shared luck on this page (docs/fair-play.md): when a deal or a roll is drawn, the page reveals at once every secret
 * it committed to (its player's, and its bots'), each with a commitment to the next; and once a draw has waited
 * LUCK_TIMEOUT_MS, the page says so in its own player's name. The rules act on it only when every player who revealed
 * has said so (a spectator's or a withholder's word is refused, quietly).
 */
export function useSharedLuck(): void {
  const dispatch = useAppDispatch();
  const me = useMe();
  const games = useSeatings(me !== null);
  const store = useAppStore();
  const awaited = useAppSelector(
    useCallback((state: RootState) => (me ? awaitedSecrets(state, games, false) : ''), [games, me]),
  );

  // Straight from the store, not after React renders and paints: a reveal is what the other pages wait for.
  useEffect(() => {
    if (!me) return;
    let done = '';
    const reveal = () => {
      const state = store.getState();
      const owed = awaitedSecrets(state, games, true);
      if (owed === done) return;
      done = owed;
      for (const line of owed ? owed.split('\n') : []) {
        const [name, seat, committed] = line.split('|');
        const seating = games.find((s) => s.game.name === name);
        const secret = secretFor(committed);
        const gameState = seating ? stateOf(state, seating) : undefined;
        if (!seating?.revealed || secret === null || gameState === undefined) continue;
        const action = seating.revealed(
          gameState,
          { seat, reveal: secret, commitment: commitToSecret() },
          me,
        );
        if (action) dispatch(action);
      }
    };
    reveal();
    return store.subscribe(reveal);
  }, [me, games, dispatch, store]);

  useEffect(() => {
    if (!me || !awaited) return;
    const names = new Set(awaited.split('\n').map((line) => line.split('|')[0]));
    const timer = setTimeout(() => {
      for (const seating of games)
        if (names.has(seating.game.name) && seating.luckTimedOut) dispatch(seating.luckTimedOut(me));
    }, LUCK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [awaited, me, games, dispatch]);
}
