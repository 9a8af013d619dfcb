// Okey played from outside the pages, as the soak benchmark and the browser tests play it: whole rounds through each
// person's page, each page's fold compared.
import type { Page } from 'playwright-core';
import type { OkeyState } from '../../src/games/okey/rules/types';

/** A person at the table: their page and the name they sit under. */
export type Player = { page: Page; name: string };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page's Okey table as its bridge shows it, with a key that changes with every move made at the table. */
export type TableView = { state: OkeyState; key: string; logLength: number };

/**
 * Waits in the page until its table's key is (or is no longer) `key`, and hands the table back; null after
 * timeoutMs. The key covers the phase, the turn, the draw pile and every rack and discard pile: each move changes it.
 */
function tableWhen(
  page: Page,
  key: string | null,
  same: boolean,
  timeoutMs: number,
): Promise<TableView | null> {
  return page.evaluate(
    async ({ key, same, timeoutMs }) => {
      const keyOf = (s: OkeyState) =>
        JSON.stringify([
          s.gameState,
          s.deck && s.gameState === 'start' ? 1 : 0,
          s.currentPlayer,
          s.drawPile.length,
          s.players.map((p) => [p.user?.name ?? null, p.hand.map((t) => t?.id ?? 0), p.discardPile.length]),
        ]);
      const end = performance.now() + timeoutMs;
      for (;;) {
        const bridge = window.__gameRoom?.connection?.bridge;
        const state = bridge?.getState('okey') as OkeyState | undefined;
        if (bridge && state) {
          const now = keyOf(state);
          if (key === null || (now === key) === same)
            return { state, key: now, logLength: bridge.logLength('okey') };
        }
        if (performance.now() > end) return null;
        await new Promise((r) => setTimeout(r, 4));
      }
    },
    { key, same, timeoutMs },
  );
}

/** The page's table once it has one. */
export async function tableOf(page: Page): Promise<TableView> {
  const view = await tableWhen(page, null, false, 30_000);
  if (!view) throw new Error('soak: the page never showed its Okey table');
  return view;
}

async function mustChange(page: Page, key: string, what: string): Promise<TableView> {
  const view = await tableWhen(page, key, false, 30_000);
  if (!view) throw new Error(`soak: the table never moved on after ${what}`);
  return view;
}

/**
 * Plays the page's player's turn as a bot would (the board's test hook, on the rack the page reads, with the openings
 * its move carries), through the page's room bridge, in the name of its user and tab, and waits until the page shows
 * it. False when it has no move or the page refused it.
 */
async function play(page: Page, key: string): Promise<boolean> {
  const accepted = await page.evaluate(() => {
    const c = window.__gameRoom!.connection!;
    const move = window.__okeyOwnMove?.();
    if (!move) return false;
    const user = JSON.parse(localStorage.getItem('game-room:user')!) as { id: string; name: string };
    const payload = { by: { id: user.id, name: user.name }, clientId: c.presence.clientId, ...move.payload };
    return c.bridge.submit({ type: move.type, payload });
  });
  // Seat actions are signed before they are shown (docs/fair-play.md): the table moves a moment later.
  return accepted && (await tableWhen(page, key, false, 10_000)) !== null;
}

/** Clicks a button of the page's table by its exact text. */
export async function press(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: text, exact: true }).first().click();
}

/** Waits until every page's table reads as `check` says. */
export async function whenEvery(
  pages: readonly Page[],
  check: (s: OkeyState) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const views = await Promise.all(pages.map(tableOf));
    if (views.every((v) => check(v.state))) return;
    if (Date.now() > end) throw new Error(`soak: the pages never showed ${what}`);
    await pause(20);
  }
}

/** Start Game in the first person's page, until every page shows the dealt table. */
export async function startRound(people: readonly Player[], pages: readonly Page[]): Promise<void> {
  await press(people[0].page, 'Start Game');
  await whenEvery(pages, (s) => s.gameState === 'play', 'the dealt table');
}

/**
 * Plays one round to its end: the bots move on their own (the page chosen to drive them), and each seated person's
 * page plays its turns with the bots' choice of move. `watcher` is a page that stays for the whole round. Returns the
 * moves the people made.
 */
export async function playRound(people: readonly Player[], watcher: Page): Promise<number> {
  let view = await tableOf(watcher);
  let moves = 0;
  while (view.state.gameState === 'play') {
    const seat = view.state.players.find((s) => s.id === view.state.currentPlayer);
    const person = people.find((p) => p.name === seat?.user?.name);
    if (!seat || !person) {
      view = await mustChange(watcher, view.key, 'a bot was on turn');
      continue;
    }
    // The person's own page may be a move behind the watcher's.
    const mine = (await tableWhen(person.page, view.key, true, 10_000)) ?? (await tableOf(person.page));
    if (!(await play(person.page, mine.key))) {
      // Refused (a move of another page arrived first): look at the table again.
      await pause(50);
      view = await tableOf(watcher);
      continue;
    }
    moves++;
    if (person.page !== watcher) view = await mustChange(watcher, view.key, `${person.name}'s move`);
    else view = await tableOf(watcher);
  }
  return moves;
}

/**
 * Every page's folded Okey table, serialised the same way in each (keys sorted), as a SHA-256, with its log length.
 * The pages agree when all digests and lengths are equal.
 */
export function foldDigest(page: Page): Promise<{ digest: string; logLength: number }> {
  return page.evaluate(async () => {
    const bridge = window.__gameRoom!.connection!.bridge;
    bridge.flushWrites();
    const sorted = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(sorted)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.keys(v)
                .sort()
                .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
            )
          : v;
    const text = JSON.stringify(sorted(bridge.getState('okey')));
    const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    const digest = [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
    return { digest, logLength: bridge.logLength('okey') };
  });
}

/**
 * Waits (up to timeoutMs) for every page to fold the same log to the same table; true when they do, false when they
 * still differ then.
 */
export async function pagesAgree(pages: readonly Page[], timeoutMs = 30_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const all = await Promise.all(pages.map(foldDigest));
    if (all.every((d) => d.digest === all[0].digest && d.logLength === all[0].logLength)) return true;
    if (Date.now() > end) return false;
    await pause(50);
  }
}
