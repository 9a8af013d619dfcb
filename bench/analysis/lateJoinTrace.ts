/**
 * Every data-channel message of a late join, in order: `node scripts/netns.mjs npx tsx bench/analysis/lateJoinTrace.ts
 * [joins]`. Two players record a 2,000-move Okey log through the real bridge (as `npm run bench` does); fresh pages
 * then join, and each prints when its channels opened and each message it sent (>) and received (<) with its size, in
 * ms after its /config.json request, then when the board showed the final state. It shows, for instance, how long the
 * joiner's hello waits for its Repo and when the whole document arrives (once from each peer). Needs the bench's build.
 */
import { closeAll, freshRoom, newBenchPerson, startHarness, stopHarness } from '../sections/browser/harness';
import { armBoardWatch, boardTimes, recordGame } from '../sections/browser/lateJoin';
import { openBenchRoom } from '../sections/browser/measure';

type Traced = { __channelTrace: [number, string][] };

/** Runs in the page before the app (serialised by Playwright): wraps every data channel the page opens or accepts. */
function traceChannels(): void {
  const trace: [number, string][] = [];
  (window as unknown as Traced).__channelTrace = trace;
  const log = (what: string) => trace.push([performance.now(), what]);
  const size = (data: unknown) =>
    typeof data === 'string' ? data.length : ((data as { byteLength?: number }).byteLength ?? 0);
  const watch = (channel: RTCDataChannel) => {
    channel.addEventListener('open', () => log('open'));
    channel.addEventListener('message', (e) => log(`< ${size(e.data)}`));
    const send = channel.send.bind(channel) as (data: unknown) => void;
    channel.send = (data: unknown) => (log(`> ${size(data)}`), send(data));
  };
  const NativePc = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePc {
    constructor(config?: RTCConfiguration) {
      super(config);
      this.addEventListener('datachannel', (e) => watch(e.channel));
    }
    createDataChannel(label: string, init?: RTCDataChannelInit): RTCDataChannel {
      const channel = super.createDataChannel(label, init);
      watch(channel);
      return channel;
    }
  };
}

const joins = Number(process.argv[2] ?? 3);
const h = await startHarness();
const room = freshRoom();
const r = await openBenchRoom(h, room, 'okey', 2);
try {
  const recorded = await recordGame(r, Number(process.env.MOVES ?? 2000));
  console.log(`recorded ${recorded.logLength} entries, document ${recorded.bytes} B`);
  for (let i = 0; i < joins; i++) {
    const person = await newBenchPerson(h, `Late${i}`);
    await armBoardWatch(person, recorded.seatId);
    await person.context.addInitScript(traceChannels);
    await person.page.goto(`/${room}/okey`);
    const t = await boardTimes(person.page);
    const trace = await person.page.evaluate(() => {
      const config = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/config.json'));
      const zero = config?.startTime ?? 0;
      return (window as unknown as Traced).__channelTrace.map(
        ([at, what]) => `${Math.round(at - zero)} ${what}`,
      );
    });
    console.log(
      `join ${i}: board after ${t.fromRoomCode.toFixed(0)} ms from room code\n  ${trace.join(' | ')}`,
    );
    await person.context.close();
  }
} finally {
  await closeAll(r.people);
  await stopHarness(h);
}
