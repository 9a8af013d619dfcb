import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * What every page of the reference section carries, the same in both apps (installed before their first script):
 * DOM watches on text, WebSocket open times, and the bytes every RTCDataChannel sent. Times are timeOrigin + now().
 */
export type RefHooks = {
  now(): number;
  /** When each armed watch first saw an element matching its selector whose text includes its text. */
  hits: Record<string, number>;
  /** Records hits[key] at the first DOM mutation after which some shown element matching `selector` includes `text`. */
  watch(key: string, selector: string, text: string): void;
  /** Records hits[key] at the first DOM mutation after which `matches` holds (at once if it holds now). */
  watchUntil(key: string, matches: () => boolean): void;
  /** Resolves with hits[key] once the watch saw its text, or with undefined after timeoutMs. */
  hit(key: string, timeoutMs: number): Promise<number | undefined>;
  /** When each WebSocket of the page opened, in order. */
  socketOpens: number[];
  /** Payload bytes and messages handed to RTCDataChannel.send, summed over the page's channels. */
  channel: { bytes: number; messages: number };
};

declare global {
  interface Window {
    __ref: RefHooks;
  }
}

/** A watch armed in every document of a context from its start: [key, selector, text]. */
export type WatchSpec = [key: string, selector: string, text: string];

/** Runs in the page (serialised by Playwright): everything it uses must live inside it. */
function hooks(watches: WatchSpec[]): void {
  const now = () => performance.timeOrigin + performance.now();
  const waiters = new Map<string, (t: number) => void>();
  const ref: RefHooks = {
    now,
    hits: {},
    socketOpens: [],
    channel: { bytes: 0, messages: 0 },
    watch(key, selector, text) {
      // Shown, not merely in the document: an app may render a page ahead, hidden, before it shows it.
      ref.watchUntil(key, () =>
        [...document.querySelectorAll(selector)].some(
          (e) => (e.textContent ?? '').includes(text) && e.checkVisibility({ visibilityProperty: true }),
        ),
      );
    },
    watchUntil(key, matches) {
      delete ref.hits[key];
      const record = () => {
        ref.hits[key] = now();
        waiters.get(key)?.(ref.hits[key]);
      };
      if (matches()) return record();
      const observer = new MutationObserver(() => {
        if (!matches()) return;
        record();
        observer.disconnect();
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    hit(key, timeoutMs) {
      if (ref.hits[key] !== undefined) return Promise.resolve(ref.hits[key]);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), timeoutMs);
        waiters.set(key, (t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
    },
  };
  window.__ref = ref;

  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('open', () => ref.socketOpens.push(now()));
    }
  };

  const encoder = new TextEncoder();
  const size = (data: unknown): number => {
    if (typeof data === 'string') return encoder.encode(data).byteLength;
    if (data instanceof Blob) return data.size;
    if (data instanceof ArrayBuffer) return data.byteLength;
    if (ArrayBuffer.isView(data)) return data.byteLength;
    return 0;
  };
  const nativeSend = RTCDataChannel.prototype.send as (this: RTCDataChannel, data: unknown) => void;
  RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: unknown) {
    ref.channel.bytes += size(data);
    ref.channel.messages++;
    return nativeSend.call(this, data);
  } as RTCDataChannel['send'];

  for (const [key, selector, text] of watches) ref.watch(key, selector, text);
}

/** A person of one app: their own browser context (own storage, own WebRTC identity) and one page. */
export type Visitor = { context: BrowserContext; page: Page; name: string };

/**
 * A fresh browser context on the app at baseUrl, in English (a desktop's window, or a phone's screen), with the media permissions Chromium needs to gather ICE
 * candidates on loopback, the hooks, and the watches armed in each of its documents.
 */
export async function newVisitor(
  browser: Browser,
  baseUrl: string,
  name: string,
  watches: WatchSpec[] = [],
  { phone = false }: { phone?: boolean } = {},
): Promise<Visitor> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'en-US',
    // A phone: an iPhone 12's screen, touch, and the mobile viewport's layout.
    ...(phone
      ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } }),
  });
  await context.grantPermissions(['microphone', 'camera'], { origin: baseUrl });
  context.setDefaultTimeout(60_000);
  // tsx compiles with keepNames, so serialised functions call __name; pages need a stand-in.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await context.addInitScript(hooks, watches);
  const page = await context.newPage();
  return { context, page, name };
}

/** The time a page's watch fired (this page's clock), or an error naming what never showed. */
export async function hitOf(v: Visitor, key: string, timeoutMs = 30_000): Promise<number> {
  const t = await v.page.evaluate(({ key, timeoutMs }) => window.__ref.hit(key, timeoutMs), {
    key,
    timeoutMs,
  });
  if (t === undefined) throw new Error(`reference: ${v.name}'s page never showed ${key}`);
  return t;
}

/** The data-channel payload every page given sent so far, summed. */
export async function channelTotals(
  visitors: readonly Visitor[],
): Promise<{ bytes: number; messages: number }> {
  const all = await Promise.all(visitors.map((v) => v.page.evaluate(() => ({ ...window.__ref.channel }))));
  return {
    bytes: all.reduce((s, x) => s + x.bytes, 0),
    messages: all.reduce((s, x) => s + x.messages, 0),
  };
}
