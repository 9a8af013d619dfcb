import type { Page } from 'playwright-core';
import { blockWebRtc } from '../../../test/helpers/browser';
import type { WatchMode } from './pageHooks';
import { clockOffset, newBenchPerson, waitAllConnected, type BenchPerson, type Harness } from './harness';

/** A room of n people on one game's page, every page instrumented, with each page's clock offset. */
export type BenchRoom = { room: string; people: BenchPerson[]; offsets: number[] };

/**
 * Opens n people (separate contexts) on /room/game, waits until all are connected, and instruments their pages. The
 * people at the indexes in `blocked` cannot link directly (blockWebRtc): they reach the others through the relay.
 */
export async function openBenchRoom(
  h: Harness,
  room: string,
  game: string,
  n: number,
  blocked: readonly number[] = [],
): Promise<BenchRoom> {
  const people: BenchPerson[] = [];
  for (let i = 0; i < n; i++) {
    const person = await newBenchPerson(h, `Player${i + 1}`);
    if (blocked.includes(i)) await blockWebRtc(person.context);
    people.push(person);
    await person.page.goto(`/${room}/${game}`);
  }
  const pages = people.map((p) => p.page);
  await waitAllConnected(
    pages,
    people.map((p) => p.name),
  );
  for (const page of pages)
    if (!(await page.evaluate(() => window.__bench.instrument()))) throw new Error('no room');
  const offsets = await Promise.all(pages.map(clockOffset));
  return { room, people, offsets };
}

/** How one action is done in the actor's page: a click (optionally on the element with this text) or a mouse drag. */
export type Act =
  { kind: 'click'; selector: string; text?: string } | { kind: 'drag'; from: string; to: string };
/** What the observers wait for after the action. */
export type Watch = { selector: string; attr: string | null; value: string; mode: WatchMode };

/** One measured action: latency to each observer's DOM, and where the time went (all ms after the act). */
export type Sample = {
  dom: number[];
  submit: number;
  send: number;
  recv: number[];
  local: number | null;
  /** When the frame that paints the DOM change began: in each observer, and in the actor (null when it changed none). */
  painted: number[];
  localPainted: number | null;
  /** For drags: the first animation frame after the release, and the drop animation's transitionend. */
  frame: number;
  dropEnd: number;
};

const act = (page: Page, a: Act): Promise<number> =>
  page.evaluate((a) => {
    if (a.kind === 'drag') return window.__bench.drag(a.from, a.to);
    return window.__bench.click(a.selector, a.text);
  }, a);

const arm = (page: Page, w: Watch) =>
  page.evaluate((w) => {
    window.__bench.watch('step', w.selector, w.attr, w.value, w.mode);
    const { trace } = window.__bench;
    return { submits: trace.submits.length, sends: trace.sends.length, recvs: trace.recvs.length };
  }, w);

const firstAfter = (times: readonly number[], from: number, after: number) =>
  times.slice(from).find((t) => t >= after) ?? NaN;

/**
 * Acts in the actor's page and times the DOM change in every observer's page, on one clock: each page's time minus
 * its offset. The actor's own DOM change, its bridge's submit and its first transport send, and each observer's
 * first transport receive are recorded alongside, so a slow figure can be broken down.
 */
export async function measureStep(
  r: BenchRoom,
  actor: number,
  observers: readonly number[],
  a: Act,
  w: Watch,
): Promise<Sample> {
  const pages = r.people.map((p) => p.page);
  const before = await Promise.all([actor, ...observers].map((i) => arm(pages[i], w)));
  const t0 = (await act(pages[actor], a)) - r.offsets[actor];
  // One round trip per page: wait for the DOM change in the page itself, then hand back the new trace entries.
  const read = (i: number, k: number, timeout: number) =>
    pages[i].evaluate(
      async ({ from, timeout }) => {
        const hit = await window.__bench.hit('step', timeout);
        const painted = hit === undefined ? undefined : await window.__bench.hitFrames.step;
        const { submits, sends, recvs, frames, dropEnds } = window.__bench.trace;
        return {
          hit,
          painted,
          frames: frames.slice(-1),
          dropEnds: dropEnds.slice(-1),
          submits: submits.slice(from.submits),
          sends: sends.slice(from.sends),
          recvs: recvs.slice(from.recvs),
        };
      },
      { from: before[k], timeout },
    );
  // The actor last: its transport sends after its own render, so its trace is complete once the others saw the change.
  const theirs = await Promise.all(observers.map((i, k) => read(i, k + 1, 20_000)));
  const mine = await read(actor, 0, 2_000);
  const missing = theirs.findIndex((t) => t.hit === undefined);
  if (missing >= 0) throw new Error(`bench: page ${observers[missing]} never showed ${w.selector}`);
  const at = (i: number, t: number) => t - r.offsets[i] - t0;
  const submit = at(actor, firstAfter(mine.submits, 0, t0 + r.offsets[actor]));
  const send = at(actor, firstAfter(mine.sends, 0, t0 + r.offsets[actor]));
  return {
    dom: theirs.map((t, k) => at(observers[k], t.hit!)),
    submit,
    send,
    recv: theirs.map((t, k) => {
      const i = observers[k];
      return at(i, firstAfter(t.recvs, 0, t0 + send + r.offsets[i]));
    }),
    local: mine.hit === undefined ? null : at(actor, mine.hit),
    painted: theirs.map((t, k) => at(observers[k], t.painted!)),
    localPainted: mine.painted === undefined ? null : at(actor, mine.painted),
    frame: a.kind === 'drag' ? at(actor, firstAfter(mine.frames, 0, t0 + r.offsets[actor])) : NaN,
    dropEnd: a.kind === 'drag' ? at(actor, firstAfter(mine.dropEnds, 0, t0 + r.offsets[actor])) : NaN,
  };
}

/** What one page has sent on its data channels so far. */
export const trafficOf = (page: Page): Promise<{ bytesSent: number; messagesSent: number }> =>
  page.evaluate(() => {
    // Builds from before the Room (pairedAB against an older commit) have the mesh's stats on webrtc.
    type Stats = { stats: { bytesSent: number; messagesSent: number } };
    const c = window.__gameRoom?.connection as { mesh?: Stats; webrtc?: Stats } | undefined;
    return (c?.mesh ?? c?.webrtc)?.stats ?? { bytesSent: 0, messagesSent: 0 };
  });

/** The data-channel traffic of every page so far, summed. */
export async function totalTraffic(r: BenchRoom): Promise<{ bytes: number; messages: number }> {
  const all = await Promise.all(r.people.map((p) => trafficOf(p.page)));
  return {
    bytes: all.reduce((s, x) => s + x.bytesSent, 0),
    messages: all.reduce((s, x) => s + x.messagesSent, 0),
  };
}

/** Resolves after ms; spacing actions past automerge-repo's 100 ms sync throttle unless BENCH_GAP_MS says otherwise. */
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
