import { describe, expect, it } from 'vitest';
import { AHEAD_TIMEOUT_MS } from '../../../src/sync/log/EntriesAhead';
import { GameTimeline, type TimelineEffect } from '../../../src/sync/log/GameTimeline';
import { entryText } from '../../../src/sync/log/logEntry';
import { claimsGame, claimsSlice, type ClaimsState } from '../../helpers/claimsGame';

const { seatClaimed, counted } = claimsSlice.actions;

const timeline = () => {
  let ids = 0;
  return new GameTimeline(claimsGame, {
    newId: () => `ann000000000:${++ids}`,
    mine: (id) => id.startsWith('ann'),
  });
};
const kinds = (effects: readonly TimelineEffect<ClaimsState>[]) => effects.map((e) => e.kind);
const bobClaims = { id: 'bob000000000:1', action: seatClaimed({ seat: 0, by: 'bob' }) };

describe('a game timeline', () => {
  it("shows a peer's commuting entry ahead after an entry it shows, whatever came between; any other waits", () => {
    // Counting commutes in this game (the total is the same in any order); claiming a seat does not.
    const game = { ...claimsGame, commutes: (a: { type: string }) => a.type === 'claims/counted' };
    const ann = new GameTimeline(game, { newId: () => 'ann000000000:1', mine: (id) => id.startsWith('ann') });
    ann.start([]);
    // Bob and Cem both wrote after the empty log; Bob's came first.
    expect(
      kinds(ann.ahead({ id: 'bob000000000:1', action: counted({ by: 'bob', amount: 2 }) }, null)),
    ).toEqual(['dispatch', 'clock']);
    expect(
      kinds(ann.ahead({ id: 'cem000000000:1', action: counted({ by: 'cem', amount: 3 }) }, null)),
    ).toEqual(['dispatch']);
    expect(ann.shown.total).toBe(5);
    // The same entry twice is shown once; a seat claimed after the empty log waits for the log.
    expect(ann.ahead({ id: 'cem000000000:1', action: counted({ by: 'cem', amount: 3 }) }, null)).toEqual([]);
    expect(ann.ahead({ id: 'dan000000000:1', action: seatClaimed({ seat: 1, by: 'dan' }) }, null)).toEqual(
      [],
    );
    // The log orders them the other way: what it holds is what the page shows.
    const log = [
      entryText({ id: 'cem000000000:1', action: counted({ by: 'cem', amount: 3 }) }),
      entryText({ id: 'bob000000000:1', action: counted({ by: 'bob', amount: 2 }) }),
    ];
    ann.logChanged(log, 0);
    expect(ann.shown.total).toBe(5);
    expect(ann.aheadCount).toBe(0);
  });

  it('shows a local action at once, sends it ahead, and writes it in the next task', () => {
    const ann = timeline();
    expect(kinds(ann.start([]))).toEqual(['restore']);
    const effects = ann.local(counted({ by: 'ann', amount: 2 }));
    expect(kinds(effects)).toEqual(['sendAhead', 'dispatch', 'clock', 'writeSoon']);
    expect(ann.shown.total).toBe(2);
    const [write] = ann.writesDue();
    expect(write).toMatchObject({ kind: 'write', state: ann.shown });
  });

  it("writes a peer's entry ahead on its author's behalf when its change never comes, and counts it once", () => {
    const ann = timeline();
    ann.start([]);
    expect(kinds(ann.ahead(bobClaims, null))).toEqual(['dispatch', 'clock']);
    // Ann's own move after Bob's waits for the log to hold his.
    expect(kinds(ann.local(counted({ by: 'ann', amount: 1 })))).toEqual(['sendAhead', 'dispatch']);
    const expired = ann.expire();
    expect(expired[0]).toMatchObject({ kind: 'write', entry: bobClaims });
    expect(expired[1]).toEqual({ kind: 'clock', ms: AHEAD_TIMEOUT_MS });
    // Once the log holds Bob's entry, Ann's own goes after it; Bob's own copy, arriving late, changes nothing.
    const log = [entryText(bobClaims)];
    const written = ann.logChanged(log, 0).find((e) => e.kind === 'write');
    expect(written).toMatchObject({ kind: 'write', entry: { action: { type: 'claims/counted' } } });
    if (written?.kind === 'write') log.push(entryText(written.entry));
    ann.logChanged(log, 1);
    log.push(entryText(bobClaims));
    const late = ann.logChanged(log, 2);
    expect(late.filter((e) => e.kind === 'dispatch' || e.kind === 'rejected')).toEqual([]);
    expect(ann.shown).toMatchObject({ seats: ['bob', null, null, null], total: 1 });
  });

  it("writes a closing page's move after the peer's entry it follows, that one on its author's behalf", () => {
    const ann = timeline();
    ann.start([]);
    ann.ahead(bobClaims, null);
    ann.local(counted({ by: 'ann', amount: 1 }));
    // Ann's own entry alone could merge into the log before Bob's, which her page has not yet seen in the log.
    const writes = ann.writesDue(true).filter((e) => e.kind === 'write');
    expect(writes.map((e) => e.entry.action.type)).toEqual(['claims/seatClaimed', 'claims/counted']);
    expect(writes[0]).toMatchObject({ entry: bobClaims, state: { seats: ['bob', null, null, null] } });
    expect(writes[1]).toMatchObject({ state: { seats: ['bob', null, null, null], total: 1 } });
    // Each once: nothing is left to write, nor to write again on Bob's behalf when the clock runs out.
    expect(ann.writesDue(true)).toEqual([]);
    expect(ann.expire().some((e) => e.kind === 'write')).toBe(false);
  });

  it('drops a caught-up log the document never confirms rather than writing it', () => {
    const ann = timeline();
    ann.start([]);
    expect(kinds(ann.caughtUp([entryText(bobClaims)]))).toEqual(['restore', 'clock']);
    expect(kinds(ann.expire())).toEqual(['restore']);
    expect(ann.shown.seats[0]).toBeNull();
  });
});
