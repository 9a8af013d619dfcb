import { afterAll, afterEach } from 'vitest';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { launchBrowser, logIn, newPerson, type BrowserNeeds, type Person } from './browser';

/** The people of one test file, in one browser that opens at the first person. */
export type People = {
  /** A new person logged in at `path` (e.g. `/abc123/go`), once `landmark` shows on their page. */
  join: (name: string, path: string, landmark: (page: Page) => Locator) => Promise<Page>;
  /**
   * A new person, not logged in, with the viewport and context options newPerson takes (a phone's touch, a locale, or
   * another server's baseURL).
   */
  person: (viewport?: { width: number; height: number }, options?: BrowserContextOptions) => Promise<Person>;
  /** People by these names, each in a browser context of their own, logged in to `path`, once each lists them all. */
  enter: (path: string, names: readonly string[]) => Promise<Page[]>;
};

/**
 * People for a test file's rooms on the server at baseUrl, in a browser launched with extraArgs and needs. Call it at the top of
 * the file: each test's people close when the test ends (a page left open keeps its room's network, presence and
 * bots running, and on two cores slows every test after it), and the browser when the file ends.
 */
export function peopleAt(
  baseUrl: string,
  extraArgs: readonly string[] = [],
  needs: BrowserNeeds = {},
): People {
  let browser: Promise<Browser> | null = null;
  let people: Person[] = [];
  const person = async (
    viewport?: { width: number; height: number },
    options: BrowserContextOptions = {},
  ) => {
    browser ??= launchBrowser(extraArgs, needs);
    const opened = await newPerson(await browser, options.baseURL ?? baseUrl, viewport, options);
    people.push(opened);
    return opened;
  };
  afterEach(async () => {
    const leaving = people;
    people = [];
    await Promise.all(leaving.map((p) => p.context.close().catch(() => {})));
  });
  afterAll(async () => {
    await (await browser)?.close();
  });
  return {
    person,
    async enter(path, names) {
      const pages: Page[] = [];
      for (const name of names) {
        const { page } = await person();
        await logIn(page, name, path);
        pages.push(page);
      }
      for (const page of pages)
        for (const name of names)
          await page.getByTestId('presence-list').getByText(name, { exact: true }).waitFor();
      return pages;
    },
    async join(name, path, landmark) {
      const { page } = await person();
      await logIn(page, name, path);
      await landmark(page).waitFor();
      return page;
    },
  };
}
