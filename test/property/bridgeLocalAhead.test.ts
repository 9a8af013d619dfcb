import fc from 'fast-check';
import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { GameBridge } from '../../src/sync/log/GameBridge';
import { openRoom } from '../../src/sync/document/RoomDocument';
import { createRoomRepo } from '../../src/sync/document/roomRepo';
import { encodeEntry } from '../../src/sync/log/storedEntry';
import { claimsGame, claimsSlice, TEST_GAME_NAMES } from '../helpers/claimsGame';
import { makeClaimsStore } from '../helpers/roomPeers';
import { fcSettings } from '../helpers/fcSettings';
import { englishText } from '../../src/i18n/reasons';

const { seatClaimed, seatLeft, counted, reset } = claimsSlice.actions;

// Few seats and two people, so claims collide often: the interesting case for an action judged again.
const claimsAction = (by: string) =>
  fc.oneof(
    fc.integer({ min: 0, max: 1 }).map((seat) => seatClaimed({ seat, by })),
    fc.integer({ min: 0, max: 1 }).map((seat) => seatLeft({ seat, by })),
    fc.integer({ min: 1, max: 3 }).map((amount) => counted({ by, amount })),
  );

/** What happens next: a local click, another peer's entry reaching the log, or the page's next task. */
type Step =
  { kind: 'local'; action: UnknownAction } | { kind: 'remote'; action: UnknownAction } | { kind: 'task' };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: claimsAction('ann').map((action) => ({ kind: 'local' as const, action })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'local' as const, action: reset() as UnknownAction }) },
  { weight: 3, arbitrary: claimsAction('bob').map((action) => ({ kind: 'remote' as const, action })) },
  { weight: 3, arbitrary: fc.constant({ kind: 'task' as const }) },
);

let run = 0;

describe('a local action shown ahead and written in the next task', () => {
  it('ends with the page showing its log, every local action written once or rejected once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const repo = createRoomRepo({ network: [] });
        const room = await openRoom({ repo, roomName: `ahead-${run++}`, gameNames: TEST_GAME_NAMES });
        let bridge: GameBridge | null = null;
        const store = makeClaimsStore(() => bridge);
        const rejected: string[] = [];
        bridge = new GameBridge({
          room,
          dispatch: store.dispatch,
          onRejected: (r) => rejected.push(englishText(r)),
        });
        bridge.addGame(claimsGame);
        let locals = 0;
        let remotes = 0;
        for (const s of steps) {
          if (s.kind === 'local') {
            locals++;
            store.dispatch(s.action);
          } else if (s.kind === 'remote') {
            const id = `bob000000000:${++remotes}`;
            room.handle.change((d) => void d.logs.claims.push(encodeEntry({ id, action: s.action })));
          } else bridge.flushWrites();
        }
        bridge.flushWrites();
        // What the page shows is what a fresh page folds from the log.
        const fresh = makeClaimsStore(() => null);
        const reader = new GameBridge({ room, dispatch: fresh.dispatch });
        reader.addGame(claimsGame);
        expect(store.getState().claims).toEqual(fresh.getState().claims);
        // Written once: no entry of this page's twice in its log.
        const mine = room.logTexts().claims.filter((t) => t.includes(room.actorId().slice(0, 12)));
        expect(new Set(mine).size).toBe(mine.length);
        // Every local action is written once or refused once.
        expect(mine.length + rejected.length).toBe(locals);
        reader.dispose();
        bridge.dispose();
        room.dispose();
        await repo.shutdown();
      }),
      fcSettings(20261123, 150),
    );
  });
});
