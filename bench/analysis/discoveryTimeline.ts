/**
 * One peer discovery as a merged timeline of both pages: `node scripts/netns.mjs npx tsx bench/analysis/discoveryTimeline.ts
 * [trials]`. Each page logs its signalling frames (in and out, by payload type), its peer connection's state changes, its
 * data channel's messages, its long tasks and when "Connected:" lists itself and the other; the script prints every
 * event in ms after the later page's /config.json request (the discovery figure's start). Needs the benchmark's build.
 */
import type { Page } from 'playwright-core';
import {
  clockOffset,
  closeAll,
  freshRoom,
  newBenchPerson,
  startHarness,
  stopHarness,
  waitAllConnected,
} from '../sections/browser/harness';

type Event = { t: number; what: string };

/** Runs in the page before the app (serialised by Playwright): records what happens, in Date.now's clock via timeOrigin. */
function recordTimeline(names: { self: string; other: string }): void {
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
  const watchChannel = (c: RTCDataChannel) => {
    c.addEventListener('open', () => log('dc open'));
    c.addEventListener('message', () => log('dc <'));
    const send = c.send.bind(c) as (data: unknown) => void;
    c.send = (data: unknown) => (log('dc >'), send(data));
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

async function eventsOf(page: Page): Promise<Event[]> {
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

const trials = Number(process.argv[2] ?? 1);
const h = await startHarness();
try {
  for (let i = 0; i < trials; i++) {
    const names = [`Ada ${i}`, `Bob ${i}`];
    const people = await Promise.all(names.map((n) => newBenchPerson(h, n)));
    await Promise.all(
      people.map((p, k) => p.context.addInitScript(recordTimeline, { self: names[k], other: names[1 - k] })),
    );
    const room = freshRoom();
    await Promise.all(people.map((p) => p.page.goto(`/${room}/tictactoe`)));
    await waitAllConnected(
      people.map((p) => p.page),
      names,
    );
    const [a, b] = await Promise.all(people.map((p) => eventsOf(p.page)));
    const start = Math.max(...[a, b].map((ev) => ev.find((e) => e.what === 'config.json request')?.t ?? 0));
    const merged = [
      ...a.map((e) => ({ ...e, page: 'A' })),
      ...b.map((e) => ({ ...e, page: '        B' })),
    ].sort((x, y) => x.t - y.t);
    console.log(`\ntrial ${i}: ms after the later page's /config.json request`);
    for (const e of merged) console.log(`${(e.t - start).toFixed(0).padStart(6)}  ${e.page} ${e.what}`);
    await closeAll(people);
  }
} finally {
  await stopHarness(h);
}
