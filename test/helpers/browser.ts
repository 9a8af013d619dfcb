import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Where the browser tests' servers find the built app: E2E_DIST when scripts/e2e.mjs built there, else dist/. */
export const builtApp = (): { staticDir?: string } =>
  process.env.E2E_DIST ? { staticDir: resolve(process.env.E2E_DIST) } : {};

/** Chromium flags that work on a loopback-only host (DESIGN.md section 8). */
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

/** Launches Debian's Chromium headless, with extra flags after the defaults when given. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** A person: their own browser context (own storage, own WebRTC identity) and one page. */
export type Person = { context: BrowserContext; page: Page };

/** Opens a fresh browser context as a separate person, with the permissions WebRTC on loopback and the clipboard need. */
export async function newPerson(
  browser: Browser,
  baseUrl: string,
  viewport = { width: 1280, height: 800 },
): Promise<Person> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  await context.grantPermissions(['microphone', 'camera', 'clipboard-read', 'clipboard-write'], {
    origin: baseUrl,
  });
  // WebRTC on a busy 2-core machine can take a while: be patient before calling a wait a failure.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return { context, page };
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
