/**
 * A page-side timeline for the analysis scripts: recordTimeline (an init script) logs the page's signalling frames, peer
 * connection states, data-channel messages with their sizes, long tasks and "Connected:" listings; eventsOf reads them
 * back with the page's fetches and marks, in the Node process's clock.
 */
import type { Page } from 'playwright-core';
import { clockOffset } from '../sections/browser/harness';

/** Something that happened in a page, in the Node process's Date.now clock. */
export type Event = { t: number; what: string };

/**
 * Runs in the page before the app (serialised by Playwright): records what happens, in Date.now's clock via timeOrigin.
 * names maps a label to a display name: the event `listed <label>` marks when "Connected:" first shows that name.
 */
export function recordTimeline(names: Record<string, string>): void {
  const now = () => performance.timeOrigin + performance.now();
  const events: Event[] = [];
  const log = (what: string) => events.push({ t: now(), what });
  (window as unknown as { __timeline: Event[] }).__timeline = events;
  const kind = (raw: unknown) => {
    try {
      const m = JSON.parse(String(raw)) as {
        type?: string;
        data?: { type?: string; signal?: { type?: string } };
      };
      return [m.type, m.data?.type, m.data?.signal?.type].filter(Boolean).join('/');
    } catch {
      return '?';
    }
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (this: WebSocket, data) {
    log(`ws > ${kind(data)}`);
    return send.call(this, data);
  };
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      log('ws created');
      this.addEventListener('open', () => log('ws open'));
      this.addEventListener('message', (e) => log(`ws < ${kind(e.data)}`));
    }
  };
  const NativePc = window.RTCPeerConnection;
  const size = (data: unknown) =>
    typeof data === 'string' ? data.length : ((data as { byteLength?: number }).byteLength ?? 0);
  const watchChannel = (c: RTCDataChannel) => {
    c.addEventListener('open', () => log('dc open'));
    c.addEventListener('message', (e) => log(`dc < ${size(e.data)} B`));
    const send = c.send.bind(c) as (data: unknown) => void;
    c.send = (data: unknown) => (log(`dc > ${size(data)} B`), send(data));
  };
  window.RTCPeerConnection = class extends NativePc {
    constructor(config?: RTCConfiguration) {
      super(config);
      log('pc created');
      this.addEventListener('icecandidate', (e) => log(`ice candidate ${e.candidate ? 'one' : 'end'}`));
      this.addEventListener('iceconnectionstatechange', () => log(`ice ${this.iceConnectionState}`));
      this.addEventListener('connectionstatechange', () => log(`pc ${this.connectionState}`));
      this.addEventListener('datachannel', (e) => watchChannel(e.channel));
    }
    createDataChannel(label: string, init?: RTCDataChannelInit): RTCDataChannel {
      const c = super.createDataChannel(label, init);
      watchChannel(c);
      return c;
    }
    getStats(...args: Parameters<RTCPeerConnection['getStats']>) {
      log('getStats called');
      return super.getStats(...args).then((r) => (log('getStats done'), r));
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      events.push({
        t: performance.timeOrigin + e.startTime,
        what: `long task ${Math.round(e.duration)} ms`,
      });
  }).observe({ type: 'longtask', buffered: true });
  const seen = new Set<string>();
  new MutationObserver(() => {
    const text = document.querySelector('[data-testid="presence-list"]')?.textContent ?? '';
    for (const [who, name] of Object.entries(names)) {
      if (seen.has(who) || !text.includes(name)) continue;
      seen.add(who);
      log(`listed ${who}`);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** What recordTimeline recorded in page, with its /config.json request, user marks and key fetches, in Node's clock. */
export async function eventsOf(page: Page): Promise<Event[]> {
  const offset = await clockOffset(page);
  const got = await page.evaluate(() => {
    const config = performance
      .getEntriesByType('resource')
      .find((e) => new URL(e.name).pathname === '/config.json');
    const events = [...(window as unknown as { __timeline: Event[] }).__timeline];
    if (config) events.push({ t: performance.timeOrigin + config.startTime, what: 'config.json request' });
    for (const m of performance.getEntriesByType('mark'))
      events.push({ t: performance.timeOrigin + m.startTime, what: m.name });
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const key =
        /simplepeer|automerge_wasm|connectRoom|RoomLayout|externalDrop|routes|Typography|config\.json/.exec(
          e.name,
        )?.[0];
      if (!key) continue;
      events.push({ t: performance.timeOrigin + e.responseEnd, what: `fetched ${key}` });
      if (key === 'config.json')
        events.push({ t: performance.timeOrigin + e.requestStart, what: `config.json request sent` });
    }
    return events;
  });
  return got.map((e) => ({ t: e.t - offset, what: e.what }));
}
