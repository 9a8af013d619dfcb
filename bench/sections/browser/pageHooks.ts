import type { BrowserContext, Page } from 'playwright-core';

/**
 * How a watched element must read: equal to a value, containing it, or no longer equal to it; or (`atLeast`) how many
 * elements match the selector, at least the value.
 */
export type WatchMode = 'equals' | 'includes' | 'differs' | 'atLeast';

/** What a benchmark page carries (installed before the app's first script). Times are timeOrigin + now() in ms. */
export type BenchHooks = {
  now(): number;
  /** When each armed watch saw its element reach the awaited value. */
  hits: Record<string, number>;
  /** Records hits[key] at the first DOM mutation after which `selector`'s attribute (or text when attr is null) matches. */
  watch(key: string, selector: string, attr: string | null, value: string, mode: WatchMode): void;
  /** Resolves with hits[key] once the watch saw its value, or with undefined after timeoutMs. */
  hit(key: string, timeoutMs: number): Promise<number | undefined>;
  /**
   * When the first animation frame after hits[key] began: the frame that paints what the watch saw (its callbacks
   * run before its style, layout and paint). Undefined until then.
   */
  hitFrames: Record<string, Promise<number>>;
  /**
   * When this page's bridge accepted a local action, its transport sent a message, and received one (`entries`: the
   * entries peers sent ahead alone).
   */
  trace: {
    submits: number[];
    sends: number[];
    recvs: number[];
    entries: number[];
    frames: number[];
    dropEnds: number[];
  };
  /**
   * Wraps the live room connection's bridge.submit, webrtc.send, webrtc.broadcastNote and webrtc.emit (and hears entry
   * notes) to fill trace; false before it joined.
   */
  instrument(): boolean;
  /**
   * Clicks the element (the first match reading `text`, if given) as a person does: the pointer arrives on it and
   * presses for PRESS_MS, then lets go (the pointer reaching the button earlier, as it does, is left out). Returns
   * the time just before the click, the moment the act is made.
   */
  click(selector: string, text?: string): Promise<number>;
  /** Drags with synthetic mouse events from one element's centre to another's; returns the time of the release. */
  drag(from: string, to: string): Promise<number>;
  /** First time of each connection milestone: ws:open, ws:message, pc:created, ice:candidate, pc:connected, dc:open, dc:message. */
  marks: Record<string, number>;
};

declare global {
  interface Window {
    __bench: BenchHooks;
  }
}

/** How long a benchmark click holds the button: people hold a click for about 100 ms, a quick one less. */
export const PRESS_MS = 60;

/** Runs in the page (serialised by Playwright): everything it uses must live inside it or come in as pressMs. */
function hooks(pressMs: number): void {
  const now = () => performance.timeOrigin + performance.now();
  const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
  const centre = (el: Element) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };
  const mouse = (type: string, target: Element, p: { x: number; y: number }) =>
    target.dispatchEvent(
      new MouseEvent(type, {
        bubbles: true,
        cancelable: true,
        view: window,
        clientX: p.x,
        clientY: p.y,
        button: 0,
        buttons: type === 'mouseup' || type === 'mouseover' ? 0 : 1,
      }),
    );
  const pointer = (type: string, target: Element) => {
    const at = centre(target);
    const init = { bubbles: true, cancelable: true, view: window, clientX: at.x, clientY: at.y, button: 0 };
    const buttons = type.endsWith('down') ? 1 : 0;
    target.dispatchEvent(new PointerEvent(type, { ...init, buttons, pointerType: 'mouse', isPrimary: true }));
  };
  const must = (selector: string) => {
    const el = document.querySelector(selector);
    if (!el) throw new Error(`bench: nothing matches ${selector}`);
    return el;
  };
  const waiters = new Map<string, (t: number | undefined) => void>();
  const bench: BenchHooks = {
    hit(key, timeoutMs) {
      if (bench.hits[key] !== undefined) return Promise.resolve(bench.hits[key]);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), timeoutMs);
        waiters.set(key, (t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
    },
    now,
    hits: {},
    hitFrames: {},
    marks: {},
    trace: { submits: [], sends: [], recvs: [], entries: [], frames: [], dropEnds: [] },
    watch(key, selector, attr, value, mode) {
      delete bench.hits[key];
      delete bench.hitFrames[key];
      waiters.delete(key);
      const read = () => {
        const el = document.querySelector(selector);
        return el ? (attr ? el.getAttribute(attr) : el.textContent) : null;
      };
      const matches = () => {
        if (mode === 'atLeast') return document.querySelectorAll(selector).length >= Number(value);
        const v = read();
        if (mode === 'differs') return v !== value;
        return v !== null && (mode === 'equals' ? v === value : v.includes(value));
      };
      const record = () => {
        bench.hits[key] = now();
        bench.hitFrames[key] = new Promise((resolve) => requestAnimationFrame(() => resolve(now())));
        waiters.get(key)?.(bench.hits[key]);
        // Heard by hitLogged without running anything in the page.
        console.debug(`bench:hit ${key}`);
      };
      if (matches()) return record();
      const observer = new MutationObserver(() => {
        if (!matches()) return;
        record();
        observer.disconnect();
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    },
    instrument() {
      const c = window.__gameRoom?.connection;
      if (!c) return false;
      const { bridge, webrtc } = c;
      // Builds from before the Room (pairedAB against an older commit) have the mesh's notes on webrtc.
      const mesh = (c.mesh as typeof c.mesh | undefined) ?? (webrtc as unknown as typeof c.mesh);
      const { trace } = bench;
      const submit = bridge.submit.bind(bridge);
      bridge.submit = (action) => (trace.submits.push(now()), submit(action));
      const send = webrtc.send.bind(webrtc);
      webrtc.send = (message) => (trace.sends.push(now()), send(message));
      // Entries ahead of their changes travel as link notes, beside the Repo's messages.
      const broadcastNote = mesh.broadcastNote.bind(mesh);
      mesh.broadcastNote = (topic, body) => (trace.sends.push(now()), broadcastNote(topic, body));
      mesh.onNote('entry', () => {
        trace.recvs.push(now());
        trace.entries.push(now());
      });
      const emit = webrtc.emit.bind(webrtc) as (event: string, ...args: unknown[]) => boolean;
      (webrtc as unknown as { emit: typeof emit }).emit = (event, ...args) => {
        if (event === 'message') trace.recvs.push(now());
        return emit(event, ...args);
      };
      return true;
    },
    async click(selector, text) {
      const el = (
        text === undefined
          ? must(selector)
          : [...document.querySelectorAll(selector)].find((e) => e.textContent === text)
      ) as HTMLElement | undefined;
      if (!el) throw new Error(`bench: no ${selector} reading ${text}`);
      pointer('pointerover', el);
      mouse('mouseover', el, centre(el));
      pointer('pointerdown', el);
      mouse('mousedown', el, centre(el));
      await new Promise((r) => setTimeout(r, pressMs));
      pointer('pointerup', el);
      mouse('mouseup', el, centre(el));
      const t = now();
      el.click();
      return t;
    },
    async drag(fromSelector, toSelector) {
      const from = must(fromSelector);
      const a = centre(from);
      mouse('mousedown', from, a);
      mouse('mousemove', from, { x: a.x + 8, y: a.y + 8 });
      await frame();
      await frame();
      const b = centre(must(toSelector));
      mouse('mousemove', from, b);
      await frame();
      await frame();
      // A person's release comes in a task of its own. Released here, in the frame's callbacks (where the await above
      // resumes), the move would be painted by that very frame, and "the next frame" below would be the one after it.
      await new Promise((r) => setTimeout(r, 0));
      // The drag library reports the drop only after its drop animation's transitionend: time both that and the next frame.
      window.addEventListener('transitionend', () => bench.trace.dropEnds.push(now()), {
        capture: true,
        once: true,
      });
      requestAnimationFrame(() => bench.trace.frames.push(now()));
      const t = now();
      mouse('mouseup', from, b);
      return t;
    },
  };
  window.__bench = bench;
  traceConnections(bench);

  // Wraps the WebSocket and RTCPeerConnection constructors so a discovery can be broken down into its steps.
  function traceConnections(bench: BenchHooks): void {
    const mark = (name: string) => (bench.marks[name] ??= bench.now());
    const NativeSocket = window.WebSocket;
    window.WebSocket = class extends NativeSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        mark('ws:created');
        this.addEventListener('open', () => mark('ws:open'));
        this.addEventListener('message', () => mark('ws:message'));
      }
    };
    const NativePc = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends NativePc {
      constructor(config?: RTCConfiguration) {
        super(config);
        mark('pc:created');
        this.addEventListener('icecandidate', () => mark('ice:candidate'));
        this.addEventListener('connectionstatechange', () => {
          if (this.connectionState === 'connected') mark('pc:connected');
        });
        this.addEventListener('datachannel', (event) => {
          mark('dc:open');
          event.channel.addEventListener('message', () => mark('dc:message'));
        });
      }
      createDataChannel(label: string, init?: RTCDataChannelInit): RTCDataChannel {
        const channel = super.createDataChannel(label, init);
        channel.addEventListener('open', () => mark('dc:open'));
        channel.addEventListener('message', () => mark('dc:message'));
        return channel;
      }
    };
  }
}

/**
 * Resolves when the page's watch `key` fires (the hooks log each hit to the console). Waiting this way runs nothing
 * in the page, whose start the boot figures time: Playwright's waitForFunction first evaluates its utility script and
 * then polls, on that same main thread, and made a room's first frame 40 to 50 ms later here. Call it before the
 * navigation that leads to the hit.
 */
export function hitLogged(page: Page, key: string, timeout: number): Promise<unknown> {
  return page.waitForEvent('console', { predicate: (m) => m.text() === `bench:hit ${key}`, timeout });
}

/** Installs the benchmark hooks in every page of the context, before the app's own scripts. */
export async function installPageHooks(context: BrowserContext): Promise<void> {
  // tsx compiles with keepNames, so serialised functions call __name; pages need a stand-in.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f;' });
  await context.addInitScript(hooks, PRESS_MS);
}
