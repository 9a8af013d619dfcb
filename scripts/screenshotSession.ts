// What every screenshot script stands on: the real server serving a build, and one headless Chromium.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { startServer } from '../signaling/server';
import { launchBrowser } from '../test/helpers/browser';

/** Where the pictures go: docs/screenshots, or SCREENSHOT_OUT. */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_OUT ?? 'docs/screenshots';

/**
 * Serves the build in SCREENSHOT_DIST (default dist/) with no STUN servers (the loopback-only namespace has none),
 * launches Chromium with `browserArgs`, hands both to `take`, and closes them after it, whatever it did.
 */
export async function takeScreenshots(
  take: (browser: Browser, baseUrl: string) => Promise<void>,
  browserArgs: readonly string[] = [],
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    config: { iceServers: [] },
    log: () => {},
    staticDir: process.env.SCREENSHOT_DIST,
  });
  const browser = await launchBrowser(browserArgs);
  try {
    await take(browser, server.url);
  } finally {
    await browser.close();
    await server.close();
  }
}
