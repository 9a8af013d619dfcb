import { useCallback, useEffect, useState } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppSelector, useMe, type Me } from '../hooks';
import type { RootState } from '../store';
import type { GameSeating } from '../../games/shared/seating';
import { isChosenPage, useSeatings } from './useSeatDepartures';
import { pageSigner } from '../session/pageSigner';

declare global {
  interface Window {
    /** Test hook: the bots' pause before each move, in ms (the test-hooks build only; players see 0.5-1 s). */
    __botPauseMs?: number;
  }
}

/** How long a bot's planned move may leave the table unchanged before it is made again. */
const RETRY_MS = 3000;

/** A person's pause before a move: about half a second to a second. */
const pause = (): number =>
  __TEST_HOOKS__ && window.__botPauseMs !== undefined ? window.__botPauseMs : 500 + Math.random() * 500;

// The bots' next move is worked out once per state the game has and per role of the page (chosen or not), not on
// every store update (pointer moves included).
const planned = new WeakMap<object, { chosen: boolean; plan: string }>();

/**
 * The move a bot is to make next from this page, as JSON ('' for none): the page chosen to drive the room's bots
 * drives every bot it can; another page only a bot the game says only it can drive.
 */
export function botPlan(
  state: RootState,
  games: readonly GameSeating[],
  me: Me | null,
  key: string | null = null,
): string {
  if (!me || !state.room.participants.some((p) => p.clientId === me.clientId)) return '';
  const chosen = isChosenPage(state, me);
  for (const seating of games) {
    if (!seating.botAction) continue;
    // Injected games sit beside the room's own slices; RootState types only the latter.
    const gameState = (state as unknown as Record<string, unknown>)[seating.game.name];
    if (typeof gameState !== 'object' || gameState === null) continue;
    let known = planned.get(gameState);
    if (known?.chosen !== chosen) {
      const action: UnknownAction | null = seating.botAction(gameState, { ...me, key, chosen });
      known = { chosen, plan: action ? JSON.stringify(action) : '' };
      planned.set(gameState, known);
    }
    if (known.plan) return known.plan;
  }
  return '';
}

/** This page's public signing key once it has loaded, else null. */
export function usePageKey(me: Me | null): string | null {
  const userId = me?.by.id ?? null;
  const [key, setKey] = useState<{ userId: string; key: string } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    void pageSigner(userId).then((signer) => live && setKey({ userId, key: signer.key }));
    return () => {
      live = false;
    };
  }, [userId]);
  return key && key.userId === userId ? key.key : null;
}

/**
 * Drives the room's bots: the present page with the smallest client id (whatever game it shows) makes each bot's move
 * after a person's pause, through the same actions and rules as anyone's. When that page leaves, the next one takes
 * over; a move two pages both sent is refused the second time (the turn moved on), so a bot moves once. A bot the
 * game lets only one page drive (Okey's masked bots) is driven by that page, chosen or not.
 */
export function useBotDrivers(): void {
  const dispatch = useAppDispatch();
  const me = useMe();
  const games = useSeatings(me !== null);
  const key = usePageKey(me);
  const plan = useAppSelector(
    useCallback((state: RootState) => botPlan(state, games, me, key), [games, me, key]),
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!plan) return;
    const timer = setTimeout(() => dispatch(JSON.parse(plan) as UnknownAction), pause());
    // A move that changed nothing after a while (refused, or lost on a busy page) is made again: a bot never stalls
    // its table. Any change of the plan cancels this.
    const retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(retry);
    };
  }, [plan, attempt, dispatch]);
}
