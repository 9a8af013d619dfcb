import { resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { startServer, type RunningServer } from '../../signaling/server';

/** Where the browser tests' servers find the built app: E2E_DIST when scripts/e2e.mjs built there, else dist/. */
export const builtApp = (): { staticDir?: string } =>
  process.env.E2E_DIST ? { staticDir: resolve(process.env.E2E_DIST) } : {};

/**
 * A server of the built app whose signalling relays no link's frames (RELAY=off), for a test's own room: a page whose
 * WebRTC is blocked (blockWebRtc) then reaches nobody. Close it when the file ends.
 */
export const startServerWithoutRelay = (): Promise<RunningServer> =>
  startServer({ config: { iceServers: [] }, log: () => undefined, relayFrames: false, ...builtApp() });

/** Chromium flags that work on a loopback-only host (docs/testing.md). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
  '--use-fake-ui-for-media-stream',
];

/** Flags that give headless Chromium software WebGL (SwiftShader) for pages that draw 3D, e.g. Minecraft. */
export const SOFTWARE_WEBGL_ARGS = [
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

/**
 * What a file's browser must do beyond the default: `pointerLock` for pages that lock the pointer (Minecraft), which
 * takes the full browser (CHROMIUM_FULL_PATH) where the tests otherwise drive the lighter headless shell.
 */
export type BrowserNeeds = { pointerLock?: boolean };

/** Launches Chromium headless (scripts/e2e.mjs says which binary), with extra flags after the defaults when given. */
export function launchBrowser(
  extraArgs: readonly string[] = [],
  { pointerLock = false }: BrowserNeeds = {},
): Promise<Browser> {
  const full = pointerLock ? process.env.CHROMIUM_FULL_PATH : undefined;
  return chromium.launch({
    executablePath: full || process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** A person: their own browser context (own storage, own WebRTC identity) and one page. */
export type Person = { context: BrowserContext; page: Page };

/**
 * Opens a fresh browser context as a separate person, with the permissions WebRTC on loopback and the clipboard need;
 * `options` add to the context's (a phone's `isMobile` and `hasTouch`). Service workers are blocked unless `options`
 * allow them: the app's would precache the whole build beside what a test measures, and answer requests a test
 * routes itself.
 */
export async function newPerson(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1280, height: 800 },
  options: BrowserContextOptions = {},
): Promise<Person> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    serviceWorkers: 'block',
    ...options,
  });
  await context.grantPermissions(['microphone', 'camera', 'clipboard-read', 'clipboard-write'], {
    origin: baseUrl,
  });
  // WebRTC on a busy 2-core machine can take a while: be patient before calling a wait a failure.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return { context, page };
}

/**
 * Makes a browser context's WebRTC unable to connect, as behind a symmetric NAT with no TURN: every peer connection
 * may use relay candidates only and has no TURN server, so it gathers none and no pair of candidates ever forms. Call
 * it before the context's pages open the room. unblockWebRtc lifts it for the peer connections a page makes from then.
 */
export async function blockWebRtc(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const blocking = window as { webRtcBlocked?: boolean };
    blocking.webRtcBlocked = true;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(blocking.webRtcBlocked ? { ...config, iceServers: [], iceTransportPolicy: 'relay' } : config);
      }
    };
  });
}

/** Lets a page blocked by blockWebRtc connect from now on, as when a phone leaves a strict network. */
export async function unblockWebRtc(page: Page): Promise<void> {
  await page.evaluate(() => ((window as { webRtcBlocked?: boolean }).webRtcBlocked = false));
}

/** Logs a person in from /login with a name and waits until they land in a room. */
export async function logIn(page: Page, name: string, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.locator('input[name="username"]').fill(name);
  await page.getByRole('button', { name: 'Go', exact: true }).click();
  await page.waitForURL(/\/[0-9a-z]{6}\/[a-z]+$/);
}

/** A unique room id for a test, 6 characters of 0-9a-z. */
export function uniqueRoomId(): string {
  return Math.random().toString(36).slice(2, 8).padEnd(6, '0');
}

/**
 * Waits until every page lists every name under Connected:, so what one page does reaches all of them. A name may be
 * listed twice for a moment: a person's new tab can be listed before the goodbye of the tab they just closed.
 */
export async function allConnected(pages: readonly Page[], names: readonly string[]): Promise<void> {
  for (const page of pages) {
    for (const name of names)
      await page.getByTestId('presence-list').getByText(name, { exact: true }).first().waitFor();
  }
}

/** A seat on a two-player seat card: who takes it, its Sit button's colour ("Sit as White") and its test id part. */
/**
 * Moves the pointer through `points` on `page` and reads where `cursor` (another page's drawing of it) is, or null
 * while it is not drawn. A page shares its pointer only once its game's code has loaded and says the game shows
 * pointers, and on a loaded machine the URL names the game long before that: poll this, and the pointer moves again
 * until the cursor shows, as a person's hand would.
 */
export async function pointerSeen(
  page: Page,
  cursor: Locator,
  ...points: [x: number, y: number][]
): Promise<string | null> {
  for (const [x, y] of points) await page.mouse.move(x, y);
  return (await cursor.count()) === 0 ? null : cursor.getAttribute('transform');
}

export type SeatChoice = { name: string; colour: string; seat: string };

/**
 * Two people in a new room who see each other, seated one after the other, each seat seen taken on the other
 * page (`seat-<seat>-name`). `join` brings a person into a room's game page.
 */
export async function seatedPair(
  join: (name: string, room: string) => Promise<Page>,
  first: SeatChoice,
  second: SeatChoice,
): Promise<[Page, Page]> {
  const room = uniqueRoomId();
  const pages: [Page, Page] = [await join(first.name, room), await join(second.name, room)];
  await allConnected(pages, [first.name, second.name]);
  for (const [i, choice] of [first, second].entries()) {
    await pages[i].getByRole('button', { name: `Sit as ${choice.colour}`, exact: true }).click();
    await pages[1 - i].getByTestId(`seat-${choice.seat}-name`).getByText(choice.name).waitFor();
  }
  return pages;
}

/** A finger holding a lifted tile: the element being dragged, and the way to let go of it. */
export type FingerDrag = { lifted: Locator; release: () => Promise<void> };

/**
 * Drags with a finger through Chromium's own touch input (CDP Input.dispatchTouchEvent, on a page whose context has
 * hasTouch): presses the centre of `from`, waits until @hello-pangea/dnd lifts it (its long press, 120 ms), travels to
 * the centre of `to` and holds there until `release`.
 */
export async function fingerDrag(page: Page, from: Locator, to: Locator): Promise<FingerDrag> {
  const cdp = await page.context().newCDPSession(page);
  const centre = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const [a, b] = [await centre(from), await centre(to)];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [a] });
  const lifted = page.locator('[data-rfd-draggable-id][style*="position: fixed"]');
  await lifted.waitFor();
  for (let i = 1; i <= 10; i++) {
    const at = { x: a.x + ((b.x - a.x) * i) / 10, y: a.y + ((b.y - a.y) * i) / 10 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at] });
  }
  return {
    lifted,
    release: async () => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    },
  };
}

/** Takes Okey seat seatId (its Sit button) and waits until the seat shows name. */
export async function sitAtOkeySeat(page: Page, seatId: number, name: string): Promise<void> {
  const seat = page.locator(`[data-seat-id="${seatId}"]`);
  await seat.getByRole('button', { name: 'Sit' }).click();
  await seat.getByText(name, { exact: true }).waitFor();
}

/** A table of bots in every Okey seat, added from one page, each waited for on it; the bots move after `pauseMs`. */
export async function okeyBotsOnly(page: Page, pauseMs = 30): Promise<void> {
  await page.evaluate((ms) => (window.__botPauseMs = ms), pauseMs);
  for (let seatId = 1; seatId <= 4; seatId++) {
    const seat = page.locator(`[data-seat-id="${seatId}"]`);
    await seat.getByRole('button', { name: 'Add bot' }).click();
    await seat.getByText(`Bot ${seatId}`, { exact: true }).waitFor();
  }
}

/**
 * Drags with the mouse the way a person does: press, nudge past the library's click slop, travel, let go (or, with
 * `release` false, hold it there: a screenshot of a tile in the air).
 */
export async function mouseDrag(page: Page, from: Locator, to: Locator, release = true): Promise<void> {
  // Both ends as a person sees them first (a discard pile shows once the round is in play, after the racks).
  const a = await shownBox(from);
  await shownBox(to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 4 });
  // Where the target is now: the table may have drawn it anew since (the round moving on as the drag starts).
  const b = await shownBox(to);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  if (release) await page.mouse.up();
}

/**
 * The box of an element once it shows. An element can be drawn anew between Playwright's wait and its box (then
 * null): it is waited for again, for at most 30 s in all.
 */
async function shownBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const until = Date.now() + 30_000;
  for (;;) {
    await locator.waitFor({ timeout: Math.max(until - Date.now(), 1) });
    const box = await locator.boundingBox();
    if (box) return box;
    if (Date.now() > until) throw new Error(`mouseDrag: ${String(locator)} shows no box`);
  }
}
