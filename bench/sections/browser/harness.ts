import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson, type Person } from '../../../test/helpers/browser';
import { startServer, type RunningServer } from '../../../signaling/server';
import { installPageHooks } from './pageHooks';
import { EXPERIMENT } from '../../figure';

/** Where bench/run.ts builds the app for the benchmark: under node_modules, which lint, format and git leave alone. */
export const BENCH_DIST =
  process.env.BENCH_DIST ?? join(import.meta.dirname, '../../../node_modules/.cache/game-room-bench/dist');

/** The real server (built app + signalling, no STUN) and one headless Chromium, shared by the browser sections. */
export type Harness = { browser: Browser; server: RunningServer; baseUrl: string; chromium: string };

/** Starts the server for a build on a free loopback port, once it has read and compressed every file. */
export async function startBenchServer(dist = BENCH_DIST): Promise<RunningServer> {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    staticDir: dist,
    config: { iceServers: [] },
    log: () => {},
  });
  // Compressing the app (brotli above all) takes seconds of CPU: no page may be measured beside it.
  await server.warmed;
  return server;
}

/** Starts the server on a free loopback port and launches Chromium with the loopback WebRTC flags. */
export async function startHarness(): Promise<Harness> {
  const server = await startBenchServer();
  const browser = await launchBrowser();
  return { browser, server, baseUrl: server.url, chromium: browser.version() };
}

/** Closes Chromium and the server. */
export async function stopHarness(h: Harness): Promise<void> {
  await h.browser.close().catch(() => {});
  await h.server.close();
}

/** A logged-in person in a fresh browser context: the session is in localStorage before the app's first script. */
export type BenchPerson = Person & { name: string; userId: string };

const USER_KEY = 'game-room:user';
let counter = 0;

/** A new browser context as a separate person, logged in as `name` unless told not, with the benchmark's page hooks. */
export async function newBenchPerson(h: Harness, name: string, loggedIn = true): Promise<BenchPerson> {
  const person = await newPerson(h.browser, h.baseUrl);
  const userId = `bench${(counter++).toString(36)}${Math.random().toString(36).slice(2)}`
    .padEnd(25, '0')
    .slice(0, 25);
  const user = { id: userId, name, color: 'blue' };
  if (loggedIn)
    await person.context.addInitScript(
      ({ key, value }) => {
        if (location.origin !== 'null' && !localStorage.getItem(key)) localStorage.setItem(key, value);
      },
      { key: USER_KEY, value: JSON.stringify(user) },
    );
  await installPageHooks(person.context);
  // What signing costs: the seat actions of this run's pages go unsigned (the test-hooks build's __unsignedSeats).
  if (process.env.BENCH_UNSIGNED)
    await person.context.addInitScript(() => {
      window.__unsignedSeats = true;
    });
  if (EXPERIMENT === 'no-animations')
    await person.context.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '* { animation: none !important; }';
        document.head.append(style);
      }),
    );
  return { ...person, name, userId };
}

/** Closes every context given, ignoring ones already closed. */
export async function closeAll(people: readonly Person[]): Promise<void> {
  await Promise.all(people.map((p) => p.context.close().catch(() => {})));
}

/** A fresh room id of 6 characters of 0-9a-z. */
export const freshRoom = (): string => Math.random().toString(36).slice(2, 8).padEnd(6, '0');

/** Waits until every page lists every name under "Connected:". */
export async function waitAllListed(pages: readonly Page[], names: readonly string[]): Promise<void> {
  await Promise.all(
    pages.map((page) =>
      page.waitForFunction(
        (all) => {
          const text = document.querySelector('[data-testid="presence-list"]')?.textContent ?? '';
          return all.every((n) => text.includes(n));
        },
        names,
        { timeout: 30_000, polling: 20 },
      ),
    ),
  );
}

/** Waits until every page lists every name under "Connected:" and has a data channel open to every other. */
export async function waitAllConnected(pages: readonly Page[], names: readonly string[]): Promise<void> {
  await waitAllListed(pages, names);
  // The data channels, not only presence, must be up before traffic is counted.
  await Promise.all(
    pages.map((page) =>
      page.waitForFunction(
        // Builds from before the Room (pairedAB against an older commit) have the mesh's API on webrtc.
        (n) => {
          const c = window.__gameRoom?.connection as { mesh?: { connectedPeers: string[] } } | undefined;
          const mesh = c?.mesh ?? (c as { webrtc?: { connectedPeers: string[] } } | undefined)?.webrtc;
          return (mesh?.connectedPeers.length ?? 0) >= n;
        },
        names.length - 1,
        {
          timeout: 30_000,
          polling: 20,
        },
      ),
    ),
  );
}

/**
 * Each page's clock offset: performance.timeOrigin + now() minus Date.now(). Renderer processes map their
 * monotonic clock to wall time separately, so a time taken in one page is compared with another's only after
 * subtracting the page's own offset (the Date.now rounding bias is the same in every page and cancels).
 */
export async function clockOffset(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let sum = 0;
    let n = 0;
    const until = performance.now() + 30;
    while (performance.now() < until) {
      sum += performance.timeOrigin + performance.now() - Date.now();
      n++;
      if (n % 200 === 0) await new Promise((r) => setTimeout(r, 0));
    }
    return sum / n;
  });
}
