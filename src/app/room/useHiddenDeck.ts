import { useCallback, useEffect } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppSelector, useAppStore, useMe } from '../hooks';
import { LUCK_TIMEOUT_MS } from './useSharedLuck';
import type { RootState } from '../store';
import type { GameSeating } from '../../games/shared/seating';
import { knownRoundSecret, roundSecret } from '../../games/shared/roundSecrets';
import { useSeatings } from './useSeatDepartures';
import { usePageKey } from './useBotDrivers';
import { onOwnRejection } from './ownRejections';
import { signAhead } from '../../sync/log/syncMiddleware';
import { afterNextFrame } from '../../sync/idle';

declare global {
  interface Window {
    /** Test hook: this page sends its seats' deck entries no more, as a page that withholds them (test build only). */
    __withholdDeck?: boolean;
  }
}

// Injected games sit beside the room's own slices; RootState types only the latter.
const stateOf = (state: RootState, seating: GameSeating): unknown =>
  (state as unknown as Record<string, unknown>)[seating.game.name];

/**
 * How long a part of the deck this page sent is taken as on its way: the state may not show it for a moment (a page
 * shows the log's order once it comes, its own entry perhaps not yet). Well within the deck's wait (LUCK_TIMEOUT_MS).
 */
const SENT_FOR_MS = 4_000;

/** A turn of the event loop: the page's entries are made one at a time, and the page paints between them. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** What the room's decks wait for, as stalled() says it for this page's player: one line per game, '' for none. */
function stalledDecks(
  state: RootState,
  games: readonly GameSeating[],
  page: { by: { id: string; name: string }; clientId: number },
): string {
  const lines: string[] = [];
  for (const seating of games) {
    const gameState = stateOf(state, seating);
    const waits =
      seating.hiddenDeck && gameState !== undefined ? seating.hiddenDeck.stalled(gameState, page) : '';
    if (waits) lines.push(`${seating.game.name}|${waits}`);
  }
  return lines.join('\n');
}

/**
 * The masked deck on this page (docs/hidden-tiles.md): each seat this page acts for (its player's, the bots it
 * drives) sends what it owes the round's deck as soon as the state asks for it (its key, its shuffle, its seals, its
 * share of the indicator, its rack and seed at the round's end), from its round secret kept in this browser. One entry
 * at a time, each made from the state after the last; an entry for a state it was already sent for is not sent again.
 */
export function useHiddenDeck(): void {
  const dispatch = useAppDispatch();
  const me = useMe();
  const games = useSeatings(me !== null);
  const store = useAppStore();
  const key = usePageKey(me);
  const stalled = useAppSelector(
    useCallback((state: RootState) => (me ? stalledDecks(state, games, me) : ''), [games, me]),
  );

  // A deck that has not moved on for LUCK_TIMEOUT_MS while its player owes it nothing: this page says so (a seat that
  // withholds its part loses the round once every player who owes nothing has said it).
  useEffect(() => {
    if (!me || !stalled) return;
    const names = new Set(stalled.split('\n').map((line) => line.split('|')[0]));
    const timer = setTimeout(() => {
      for (const seating of games)
        if (names.has(seating.game.name) && seating.hiddenDeck) dispatch(seating.hiddenDeck.timedOut(me));
    }, LUCK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [stalled, me, games, dispatch]);

  useEffect(() => {
    if (!me) return;
    const decks = games.filter((s) => s.hiddenDeck);
    if (decks.length === 0) return;
    let live = true;
    let running = false;
    let again = false;
    // The game states each seat was judged on already: what it owes changes only with the state (a refused entry is
    // not made again for the same state, and a pointer's move costs nothing).
    let judged = new Map<number, WeakSet<object>>();
    // The parts of the deck this page sent, by round secret and part, with when: not made again while on their way.
    const sent = new Map<string, number>();
    const sentAgo = (key: string, part: string) =>
      performance.now() - (sent.get(`${key} ${part}`) ?? -Infinity);
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Round secrets this browser does not keep, by key and whether one could be made: not looked for again.
    const unkept = new Set<string>();

    // The game states whose foreseen entries were made already, and the frame the next look waits for.
    const foreseenFor = new WeakSet<object>();
    let stopForeseeing: (() => void) | null = null;

    /**
     * Makes and signs ahead what each seat of this page will owe after the move most likely next (another player's
     * draw: the seal of their tile), so that it leaves the moment that move comes instead of after the curve's work
     * and WebCrypto's signature. Nothing is sent: the move may never come.
     */
    function foresee(): void {
      stopForeseeing = null;
      if (!live || (__TEST_HOOKS__ && window.__withholdDeck === true)) return;
      for (const seating of decks) {
        const deck = seating.hiddenDeck!;
        const state = stateOf(store.getState(), seating);
        if (!deck.foreseen || typeof state !== 'object' || state === null || foreseenFor.has(state)) continue;
        foreseenFor.add(state);
        for (const seatId of deck.seats(state, { ...me!, key })) {
          const kept = deck.secretKey(state, seatId);
          const secret = kept && knownRoundSecret(kept.key);
          const action = secret ? deck.foreseen(state, seatId, secret, me!) : null;
          if (action) dispatch(signAhead(action));
        }
      }
    }

    /**
     * The first entry a seat of this page owes now, or null; a promise only when it loads a round secret first. Made
     * and sent in the store's notification that asked for it (a draw's seal goes before the board's render).
     */
    function nextEntry(): UnknownAction | null | Promise<void> {
      if (__TEST_HOOKS__ && window.__withholdDeck === true) return null;
      for (const seating of decks) {
        const deck = seating.hiddenDeck!;
        for (const seatId of deck.seats(stateOf(store.getState(), seating), { ...me!, key })) {
          const kept = deck.secretKey(stateOf(store.getState(), seating), seatId);
          if (kept === null) continue;
          const secret = knownRoundSecret(kept.key);
          if (secret === null) {
            // None kept in this browser, and none may be made now: this seat's part cannot come from this page.
            const loading = `${kept.key} ${kept.make}`;
            if (unkept.has(loading)) continue;
            // Loaded (or made) first; run() then asks again.
            return roundSecret(kept.key, kept.make).then((loaded) => {
              if (loaded === null) unkept.add(loading);
            });
          }
          const state = stateOf(store.getState(), seating);
          if (typeof state !== 'object' || state === null || judged.get(seatId)?.has(state)) continue;
          if (!judged.has(seatId)) judged.set(seatId, new WeakSet());
          judged.get(seatId)!.add(state);
          const made = deck.entry(
            state,
            seatId,
            secret,
            me!,
            (part) => sentAgo(kept.key, part) < SENT_FOR_MS,
          );
          if (made) {
            for (const part of made.parts) sent.set(`${kept.key} ${part}`, performance.now());
            return made.action;
          }
        }
      }
      return null;
    }

    async function run(): Promise<void> {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          for (;;) {
            const action = nextEntry();
            if (action instanceof Promise) {
              await action;
              continue;
            }
            if (!action || !live) break;
            dispatch(action);
            // A part the log never shows (an entry lost with a link) is made again once its moment has passed.
            clearTimeout(retry);
            retry = setTimeout(() => {
              judged = new Map();
              for (const [part, at] of sent) if (performance.now() - at >= SENT_FOR_MS) sent.delete(part);
              void run();
            }, SENT_FOR_MS);
            await nextTask();
          }
        } while (again && live);
        // Owing nothing now: once the page has drawn what changed, it readies what it will owe next.
        if (live) stopForeseeing ??= afterNextFrame(foresee);
      } catch (error) {
        console.error('Could not take part in the masked deck', error);
      } finally {
        running = false;
      }
    }
    void run();
    const unsubscribe = store.subscribe(() => void run());
    // An entry the rules refused after all (its place in the log changed under it) is made again at once.
    const stopHearing = onOwnRejection((action) => {
      if (!decks.some((seating) => action.type.startsWith(`${seating.game.name}/`))) return;
      sent.clear();
      judged = new Map();
      void run();
    });
    return () => {
      live = false;
      stopForeseeing?.();
      clearTimeout(retry);
      stopHearing();
      unsubscribe();
    };
  }, [me, games, key, dispatch, store]);
}
