import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameFold } from '../../src/sync/log/GameFold';
import { GameTimeline, type TimelineEffect } from '../../src/sync/log/GameTimeline';
import { decodeEntry, entryText, type LogEntry } from '../../src/sync/log/logEntry';

import type { LoggedAction } from '../../src/sync/log/SyncedGame';
import { claimsGame, claimsSlice, type ClaimsState } from '../helpers/claimsGame';
import { fcSettings } from '../helpers/fcSettings';

const { seatClaimed, seatLeft, counted, reset } = claimsSlice.actions;

// Few seats and two people, so claims collide often: the interesting case for an action judged again.
const claimsAction = (by: string): fc.Arbitrary<LoggedAction> =>
  fc.oneof(
    fc.integer({ min: 0, max: 1 }).map((seat) => seatClaimed({ seat, by })),
    fc.integer({ min: 0, max: 1 }).map((seat) => seatLeft({ seat, by })),
    fc.integer({ min: 1, max: 3 }).map((amount) => counted({ by, amount })),
    fc.constant(reset()),
  );

/**
 * What happens next on Ann's page: her click; Bob's entry sent ahead (made on the log as he knew it); Bob's change
 * reaching the log (right after the entry it followed, before Ann's concurrent ones, or at the end); the page's next
 * task; the clock running out on entries ahead; Bob's whole log sent ahead of the document (a catch-up); Bob's page
 * closing before its changes went out (they never land).
 */
type Step =
  | { kind: 'local'; action: LoggedAction }
  | { kind: 'bobAhead'; action: LoggedAction; send: boolean }
  | { kind: 'bobLands'; beforeConcurrent: boolean }
  | { kind: 'task' }
  | { kind: 'expire' }
  | { kind: 'catchUp' }
  | { kind: 'bobLeaves' };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: claimsAction('ann').map((action) => ({ kind: 'local' as const, action })) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('bobAhead' as const),
      action: claimsAction('bob'),
      send: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('bobLands' as const), beforeConcurrent: fc.boolean() }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'task' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'expire' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'catchUp' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'bobLeaves' as const }) },
);

/** Ann's page with the timeline's effects run as the bridge runs them, on a log held in memory. */
class Page {
  readonly log: string[] = [];
  readonly timeline: GameTimeline<ClaimsState>;
  store: ClaimsState = claimsGame.initialState;
  readonly rejected: number[] = [];
  clock: number | null = null;
  #ids = 0;
  #inChange = false;
  readonly #writesAfterChange: LogEntry[] = [];

  constructor() {
    this.timeline = new GameTimeline(claimsGame, {
      newId: () => `ann000000000:${++this.#ids}`,
      mine: (id) => id.startsWith('ann'),
    });
    this.run(this.timeline.start(this.log));
  }

  run(effects: readonly TimelineEffect<ClaimsState>[]): void {
    for (const effect of effects) {
      if (effect.kind === 'dispatch') {
        const result = claimsGame.apply(this.store, effect.entry.action);
        if (result.ok) this.store = result.state;
      } else if (effect.kind === 'restore') this.store = effect.state;
      else if (effect.kind === 'write') {
        if (this.#inChange) this.#writesAfterChange.push(effect.entry);
        else this.change(this.log.length, effect.entry);
      } else if (effect.kind === 'rejected') this.rejected.push(nonceOf(effect.action));
      else if (effect.kind === 'clock') this.clock = effect.ms;
    }
  }

  /** One document change: an entry inserted at an index, then folded; writes it asks for are made after it. */
  change(index: number, entry: LogEntry): void {
    this.log.splice(index, 0, entryText(entry));
    this.#inChange = true;
    try {
      this.run(this.timeline.logChanged(this.log, index));
    } finally {
      this.#inChange = false;
    }
    for (let next = this.#writesAfterChange.shift(); next; next = this.#writesAfterChange.shift())
      this.change(this.log.length, next);
  }
}

let nonce = 0;
const withNonce = (action: LoggedAction): LoggedAction => ({
  ...action,
  payload: { ...(action.payload as object), nonce: ++nonce },
});
const nonceOf = (action: LoggedAction): number => (action.payload as { nonce: number }).nonce;

describe('a game timeline', () => {
  it('shows in the store what it shows, and ends showing its log with every local action written once or refused', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const page = new Page();
        const locals: number[] = [];
        // Bob's entries not in the log yet, each with the entry it follows.
        const bob: { entry: LogEntry; after: string | null }[] = [];
        let bobIds = 0;
        for (const s of steps) {
          if (s.kind === 'local') {
            const action = withNonce(s.action);
            locals.push(nonceOf(action));
            page.run(page.timeline.local(action));
          } else if (s.kind === 'bobAhead') {
            const after = bob.length > 0 ? bob[bob.length - 1].entry.id : page.timeline.lastId;
            const entry = { id: `bob000000000:${++bobIds}`, action: withNonce(s.action) };
            bob.push({ entry, after });
            // Sent ahead or not (an entry ahead is a courtesy; the change is what counts).
            if (s.send) page.run(page.timeline.ahead(entry, after));
          } else if (s.kind === 'bobLands') {
            const next = bob.shift();
            if (!next) continue;
            const afterIndex =
              page.log.length - [...page.log].reverse().findIndex((raw) => isEntry(raw, next.after));
            const index = s.beforeConcurrent && next.after !== null ? afterIndex : page.log.length;
            page.change(Math.min(index, page.log.length), next.entry);
          } else if (s.kind === 'catchUp')
            page.run(page.timeline.caughtUp([...page.log, ...bob.map((b) => entryText(b.entry))]));
          else if (s.kind === 'bobLeaves') bob.length = 0;
          else if (s.kind === 'task') page.run(page.timeline.writesDue());
          else if (page.clock !== null) page.run(page.timeline.expire());
          expect(page.store).toEqual(page.timeline.shown);
        }
        // Everything settles: Bob's changes land, the clock runs out, and the page writes what waits.
        for (const next of bob.splice(0)) page.change(page.log.length, next.entry);
        for (let round = 0; round < 5; round++) {
          page.run(page.timeline.writesDue(true));
          if (page.clock !== null) page.run(page.timeline.expire());
        }
        const fresh = new GameFold(claimsGame);
        const folded = fresh.update(page.log);
        expect(page.store).toEqual(fresh.state);
        expect(page.timeline.shown).toEqual(fresh.state);
        // Each local action is in the log at most once; taken there, or refused (a written one the fold skipped is
        // reported once), never both.
        // An entry written twice (by Bob's page and on his behalf by Ann's) counts once.
        const counted = folded.steps.filter((s) => s.rejection === null).map((s) => s.entry.id);
        expect(new Set(counted).size).toBe(counted.length);
        const annSteps = folded.steps.filter((s) => s.entry.id.startsWith('ann'));
        const written = annSteps.map((s) => nonceOf(s.entry.action));
        expect(new Set(written).size).toBe(written.length);
        const taken = annSteps.filter((s) => s.rejection === null).map((s) => nonceOf(s.entry.action));
        expect([...taken, ...page.rejected].sort((a, b) => a - b)).toEqual(locals);
      }),
      fcSettings(20261127, 300),
    );
  });
});

const isEntry = (raw: unknown, id: string | null): boolean => id !== null && decodeEntry(raw)?.id === id;
