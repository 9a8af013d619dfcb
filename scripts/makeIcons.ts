// Draws the installed app's icons into public/icons/ from the tab icon's own drawing (public/favicon.png is this SVG
// as Chromium drew it at 64 px): `npx tsx scripts/makeIcons.ts`. Chromium draws each size from the vector, so no
// icon is an enlarged bitmap; nothing is downloaded.
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../test/helpers/browser';

const OUT = 'public/icons';

/** The tab icon: a cream tile with a red 7 beside the room's green dot, on a 64 x 64 canvas. */
const TILE = `<rect x="6" y="10" width="34" height="46" rx="6" fill="#fbf6e6" stroke="#3b2f1e" stroke-width="3"/>
<text x="23" y="43" font-size="26" font-family="Arial" font-weight="700" text-anchor="middle" fill="#d32f2f">7</text>
<circle cx="48" cy="20" r="12" fill="#1f5f4a"/>`;

/**
 * The drawing at `size` px: as it is ('any'), or for launchers that cut icons to their own shape ('maskable': on the
 * page's cream to the edges, the drawing inside the central circle every mask keeps).
 */
function svg(size: number, purpose: 'any' | 'maskable'): string {
  const inner =
    purpose === 'any'
      ? TILE
      : `<rect width="64" height="64" fill="#f3f1ea"/><g transform="translate(9.6 9.6) scale(0.7)">${TILE}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">${inner}</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
  // iOS rounds the corners of its home-screen icons itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, purpose: 'maskable' },
] as const;

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    for (const { file, size, purpose } of ICONS) {
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(`<body style="margin:0">${svg(size, purpose)}</body>`);
      await page.locator('svg').screenshot({ path: `${OUT}/${file}`, omitBackground: true });
    }
  } finally {
    await browser.close();
  }
}

await main();
