import type { Page } from 'playwright-core';
import type { OkeyState } from '../../../src/games/okey/rules/types';
import { summarize } from '../../stats';
import { figure, samplesOf, type Figure } from '../../figure';
import { closeAll, freshRoom, newBenchPerson, type BenchPerson, type Harness } from './harness';
import { openBenchRoom, type BenchRoom } from './measure';
import { hitLogged } from './pageHooks';

const LOG_ACTIONS = 2000;

/**
 * Writes `moves` Okey tile moves through the real bridge (bridge.submit, as the store's middleware does), then one
 * discard so the final state shows on every seat's view: the discard pile of the seat on turn reads 1.
 */
function recordLog(page: Page, moves: number): Promise<{ seatId: number; logLength: number; bytes: number }> {
  return page.evaluate(async (moves) => {
    const c = window.__gameRoom!.connection!;
    const user = JSON.parse(localStorage.getItem('game-room:user')!) as { id: string; name: string };
    const actor = { by: { id: user.id, name: user.name }, clientId: c.presence.clientId };
    const state = c.bridge.getState('okey') as OkeyState;
    const seat = state.players.find((s) => s.user?.id === user.id)!;
    for (let i = 0; i < moves; i++) {
      c.bridge.submit({
        type: 'okey/tileMoved',
        payload: { ...actor, fromSlot: i % 2, toSlot: 1 - (i % 2) },
      });
      // Let the transports and React breathe, as a person's actions would.
      if (i % 50 === 49) await new Promise((r) => setTimeout(r, 0));
    }
    const held = (c.bridge.getState('okey') as OkeyState).players.find((s) => s.id === seat.id)!;
    const tileId = held.hand.find((t) => t !== null)!.id;
    c.bridge.submit({ type: 'okey/tileDiscarded', payload: { ...actor, tileId } });
    // Every action is signed first (docs/fair-play.md): wait until the page shows the discard.
    const discarded = () =>
      (c.bridge.getState('okey') as OkeyState).players.find((s) => s.id === seat.id)!.discardPile.length > 0;
    while (!discarded()) await new Promise((r) => setTimeout(r, 5));
    // The discard's change waits for the page's next task: written now, so the log length read below includes it.
    c.bridge.flushWrites();
    return { seatId: seat.id, logLength: c.bridge.logLength('okey'), bytes: c.bridge.byteSize() };
  }, moves);
}

/** Seats the room's two people, starts an Okey game and records `moves` moves and a discard by the player on turn. */
export async function recordGame(r: BenchRoom, moves: number): ReturnType<typeof recordLog> {
  for (const [i, p] of r.people.entries())
    await p.page.locator(`[data-seat-id="${i + 1}"] button`, { hasText: 'Sit' }).click();
  await r.people[0].page.locator('button', { hasText: 'Start Game' }).click();
  // The deal is drawn from both pages' secrets: each page deals once the other's reveal reaches it.
  for (const p of r.people)
    await p.page.waitForFunction(
      () => (window.__gameRoom!.connection!.bridge.getState('okey') as OkeyState).gameState === 'play',
    );
  return recordLog(await playerOnTurn(r.people), moves);
}

/** The player on turn: the page whose user sits on state.currentPlayer. */
async function playerOnTurn(people: BenchPerson[]): Promise<Page> {
  const state = (await people[0].page.evaluate(() =>
    window.__gameRoom!.connection!.bridge.getState('okey'),
  )) as OkeyState;
  const seat = state.players.find((s) => s.id === state.currentPlayer)!;
  // By name: the app replaces the id the benchmark stored with the one its user's key makes (docs/fair-play.md).
  return people.find((p) => p.name === seat.user!.name)!.page;
}

/**
 * Navigates the page (goto or reload) and times it from its navigation start and from its room code's start
 * (/config.json request) to the board hit.
 */
export async function boardTimes(
  page: Page,
  navigate: () => Promise<unknown>,
): Promise<{ fromNavigation: number; fromRoomCode: number; logLength: number; dataChannelOpen: number }> {
  await Promise.all([navigate(), hitLogged(page, 'board', 60_000)]);
  return page.evaluate(() => {
    const config = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/config.json'));
    const hit = window.__bench.hits.board - performance.timeOrigin;
    const open = window.__bench.marks['dc:open'];
    return {
      dataChannelOpen: open === undefined ? NaN : open - performance.timeOrigin - (config?.startTime ?? NaN),
      fromNavigation: hit,
      fromRoomCode: config ? hit - config.startTime : NaN,
      logLength: window.__gameRoom?.connection?.bridge.logLength('okey') ?? 0,
    };
  });
}

/** Makes the page record when the board shows the last discard of seatId (read by boardTimes). */
export async function armBoardWatch(person: BenchPerson, seatId: number): Promise<void> {
  await person.context.addInitScript(
    (sel) => window.__bench.watch('board', sel, null, '1', 'equals'),
    `[data-testid="discard-${seatId}-count"]`,
  );
}

/**
 * Late join: two players seat and start an Okey game, the one on turn records 2,000 tile moves and a discard through
 * the real bridge; then fresh pages (fresh contexts, empty IndexedDB) open the room and are timed until the board shows
 * that discard. Reload: the last late joiner, left alone in the room, reloads and is timed until the board shows again.
 */
export async function runLateJoin(h: Harness): Promise<Figure[]> {
  const joins = samplesOf(10, 2);
  const reloads = samplesOf(10, 2);
  const room = freshRoom();
  const r = await openBenchRoom(h, room, 'okey', 2);
  const joiners: BenchPerson[] = [];
  try {
    const recorded = await recordGame(r, LOG_ACTIONS);
    const join = {
      fromNavigation: [] as number[],
      fromRoomCode: [] as number[],
      channelOpen: [] as number[],
    };
    for (let i = 0; i < joins; i++) {
      const person = await newBenchPerson(h, `Late${i}`);
      joiners.push(person);
      await armBoardWatch(person, recorded.seatId);
      const t = await boardTimes(person.page, () => person.page.goto(`/${room}/okey`));
      join.fromNavigation.push(t.fromNavigation);
      join.fromRoomCode.push(t.fromRoomCode);
      join.channelOpen.push(t.dataChannelOpen);
      // Each join stands alone: the earlier joiner leaves before the next comes (its IndexedDB goes with it).
      if (i < joins - 1) await person.context.close();
    }
    // The board shows a late joiner the log a peer sent before its document synced: the reload needs the document, and
    // it stored.
    const last = joiners[joiners.length - 1].page;
    await last.waitForFunction(
      (n) => window.__gameRoom?.connection?.bridge.logLength('okey') === n,
      recorded.logLength,
      { timeout: 60_000 },
    );
    await last.evaluate(() => window.__gameRoom!.connection!.flush());
    await closeAll(r.people);
    const reload = { fromNavigation: [] as number[], fromRoomCode: [] as number[] };
    for (let i = 0; i < reloads; i++) {
      const t = await boardTimes(last, () => last.reload());
      reload.fromNavigation.push(t.fromNavigation);
      reload.fromRoomCode.push(t.fromRoomCode);
    }
    const detail = { logLength: recorded.logLength, joins, game: 'okey', moves: LOG_ACTIONS };
    const joinDetail = {
      ...detail,
      medianDataChannelOpenAfterRoomCodeStartMs: Math.round(summarize(join.channelOpen).median),
    };
    const board = [{ stat: 'median' as const, max: 300 }];
    return [
      figure('lateJoin', 'Room document with a 2,000-action Okey log', 'B', [recorded.bytes], {
        detail,
        targets: [{ stat: 'median', max: 300_000 }],
      }),
      figure('lateJoin', 'Late join: board shows final state, from navigation', 'ms', join.fromNavigation, {
        detail,
        targets: board,
      }),
      figure(
        'lateJoin',
        'Late join: board shows final state, from room code start',
        'ms',
        join.fromRoomCode,
        {
          detail: joinDetail,
        },
      ),
      figure('reload', 'Reload alone: board from IndexedDB, from navigation', 'ms', reload.fromNavigation, {
        detail: { ...detail, reloads },
      }),
      figure(
        'reload',
        'Reload alone: board from IndexedDB, from room code start',
        'ms',
        reload.fromRoomCode,
        {
          detail: { ...detail, reloads },
        },
      ),
    ];
  } finally {
    await closeAll([...r.people, ...joiners]);
  }
}
