import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, uniqueRoomId } from '../helpers/browser';
import { peopleAt } from '../helpers/people';

const people = peopleAt(inject('baseUrl'));

type Manifest = { name: string; start_url: string; display: string; icons: { src: string; sizes: string }[] };

/** The web app manifest the page links to, and each of its icons' status and type. */
const manifestOf = (page: Page) =>
  page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return null;
    const manifest = (await (await fetch(link.href)).json()) as Manifest;
    const icons = await Promise.all(
      manifest.icons.map(async (icon) => {
        const response = await fetch(icon.src);
        return `${icon.sizes} ${response.status} ${response.headers.get('content-type')}`;
      }),
    );
    return { manifest, icons };
  });

/** The paths every cache of the page's origin holds. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });

describe('the installable app', () => {
  it('offers a manifest with icons, keeps itself in a service worker, and opens a room again without network', async () => {
    const person = await people.person(undefined, { serviceWorkers: 'allow' });
    const { context, page } = person;
    const room = uniqueRoomId();
    await logIn(page, 'Nur', `/${room}/okey`);
    const seat = page.locator('[data-seat-id="1"]');
    await seat.getByRole('button', { name: 'Sit' }).click();
    await seat.getByText('Nur', { exact: true }).waitFor();

    const installable = await manifestOf(page);
    expect(installable?.manifest).toMatchObject({ name: 'Game Room', start_url: '/', display: 'standalone' });
    expect(installable?.icons).toEqual(
      expect.arrayContaining(['192x192 200 image/png', '512x512 200 image/png']),
    );

    // Once the room has loaded the service worker precaches the build, Automerge's wasm included, and takes the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cached = await cachedPaths(page);
    expect(cached.filter((path) => path.endsWith('.wasm'))).toHaveLength(1);
    expect(cached).toContain('/index.html');

    // No network at all: the reload comes from the service worker, the room and Nur's seat from IndexedDB.
    await context.setOffline(true);
    expect(
      await page.evaluate(() =>
        fetch('/healthz').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await page.getByTestId('okey-table').waitFor();
    await seat.getByText('Nur', { exact: true }).waitFor();
    // Another room's address opens too, from nothing but the cached app.
    await page.goto(`/${uniqueRoomId()}/tictactoe`);
    await page.getByText('Next player: X').waitFor();
  }, 120_000);
});
