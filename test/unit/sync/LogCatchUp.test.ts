import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  answerLogAsks,
  LOGS_ASK_TOPIC,
  LOGS_TOPIC,
  LogCatchUp,
  LOGS_LIMITS,
  packLogs,
  sendableLogs,
  unpackLogs,
} from '../../../src/sync/log/LogCatchUp';
import { MAX_ENTRY_CHARS } from '../../../src/sync/log/logEntry';
import { ENTRY_TOPIC, MAX_HELD_PER_PEER } from '../../../src/sync/log/aheadLanes';
import { signedText } from '../../../src/sync/signing/signatures';
import { signText, testKey } from '../../helpers/signing';
import type { GreetingListener, LinkGreetings, NoteListener } from '../../../src/sync/mesh/GreetingsAndNotes';

/** The adapter's greetings and notes, by hand: what this side says, and a way to play the remote's part. */
function fakeLinks() {
  const greetings = new Map<string, unknown>();
  const greetingListeners = new Map<string, GreetingListener>();
  const noteListeners = new Map<string, NoteListener>();
  const notes: Array<[string, string, unknown]> = [];
  const links: LinkGreetings = {
    setGreeting: (topic, greeting) => void greetings.set(topic, greeting),
    onGreeting: (topic, l) => (greetingListeners.set(topic, l), () => greetingListeners.delete(topic)),
    sendNote: (peerId, topic, body) => (notes.push([peerId, topic, body]), true),
    broadcastNote: (topic, body) => void notes.push(['*', topic, body]),
    onNote: (topic, l) => (noteListeners.set(topic, l), () => noteListeners.delete(topic)),
    setFarewell: () => {},
  };
  return {
    links,
    greetings,
    notes,
    greet: (peerId: string, topic: string, g: unknown) => greetingListeners.get(topic)?.(peerId, g),
    note: (peerId: string, topic: string, body: unknown) => noteListeners.get(topic)?.(peerId, body),
  };
}

const gzip = (text: string) => new Uint8Array(gzipSync(text));
const settled = () => new Promise((r) => setTimeout(r, 20));

describe('packLogs / unpackLogs', () => {
  it('packs logs into gzip bytes much smaller than their JSON, and reads them back', async () => {
    const log = Array.from({ length: 2000 }, (_, i) =>
      JSON.stringify({
        id: `a1b2c3d4e5f6:${i}`,
        action: { type: 'okey/tileMoved', payload: { fromSlot: i % 2 } },
      }),
    );
    const packed = await packLogs({ okey: log, go: [] });
    expect(packed.byteLength).toBeLessThan(JSON.stringify(log).length / 10);
    expect(await unpackLogs(packed)).toEqual({ okey: log, go: [] });
  });

  it('says what is wrong with a bad answer', async () => {
    await expect(unpackLogs('text')).rejects.toThrow('Logs must be bytes');
    await expect(unpackLogs(new Uint8Array([1, 2, 3]))).rejects.toThrow('Logs are not gzip-compressed');
    await expect(unpackLogs(gzip('{nope'))).rejects.toThrow('Logs are not JSON');
    await expect(unpackLogs(gzip('[1]'))).rejects.toThrow('Logs must be an object of logs by game');
    await expect(unpackLogs(gzip('{"okey":[1]}'))).rejects.toThrow(
      'The log of okey must be a list of entry texts',
    );
    await expect(unpackLogs(gzip(`{"okey":["${'x'.repeat(5000)}"]}`), 1000)).rejects.toThrow(
      'Logs unpack to more than 1000 bytes',
    );
  });

  it('refuses logs past their bounds or nested otherwise', async () => {
    const byGame = 'Logs must be an object of logs by game';
    const json = (logs: unknown) => gzip(JSON.stringify(logs));
    await expect(unpackLogs(json({ ['g'.repeat(LOGS_LIMITS.maxGameNameLength + 1)]: [] }))).rejects.toThrow(
      byGame,
    );
    const games = Object.fromEntries(
      Array.from({ length: LOGS_LIMITS.maxGames + 1 }, (_, i) => [`g${i}`, []]),
    );
    await expect(unpackLogs(json(games))).rejects.toThrow(byGame);
    await expect(unpackLogs(json([['a']]))).rejects.toThrow(byGame);
    await expect(unpackLogs(json('okey'))).rejects.toThrow(byGame);
    await expect(unpackLogs(json({ okey: ['x'.repeat(MAX_ENTRY_CHARS + 1)] }))).rejects.toThrow(
      'The log of okey must be a list of entry texts',
    );
    await expect(unpackLogs(json({ okey: [['a']] }))).rejects.toThrow(
      'The log of okey must be a list of entry texts',
    );
    await expect(unpackLogs(json({ okey: { 0: 'a' } }))).rejects.toThrow(
      'The log of okey must be a list of entry texts',
    );
    await expect(unpackLogs(gzip('{"__proto__":[1],"okey":[]}'))).rejects.toThrow(
      'The log of __proto__ must be a list of entry texts',
    );
    expect(await unpackLogs(json({ okey: ['x'.repeat(MAX_ENTRY_CHARS)] }))).toEqual({
      okey: ['x'.repeat(MAX_ENTRY_CHARS)],
    });
  });
});

describe('LogCatchUp', () => {
  it('asks every new link until the room document opens', () => {
    const f = fakeLinks();
    const catchUp = new LogCatchUp(f.links);
    expect(f.greetings.get(LOGS_ASK_TOPIC)).toEqual({ v: 1 });
    expect(catchUp.asking).toBe(true);
    catchUp.stopAsking();
    expect(f.greetings.get(LOGS_ASK_TOPIC)).toBeNull();
    expect(catchUp.asking).toBe(false);
  });

  it('keeps the longest log of each game that peers send, and tells its listeners', async () => {
    const f = fakeLinks();
    const catchUp = new LogCatchUp(f.links);
    const told: string[] = [];
    catchUp.subscribe((game) => told.push(game));
    f.note('p1', LOGS_TOPIC, await packLogs({ okey: ['a', 'b'], go: ['c'] }));
    await vi.waitFor(() => expect(told).toEqual(['okey', 'go']));
    f.note('p2', LOGS_TOPIC, await packLogs({ okey: ['a'], go: ['c', 'd'] }));
    await vi.waitFor(() => expect(told).toHaveLength(3));
    expect(catchUp.log('okey')).toEqual(['a', 'b']);
    expect(catchUp.log('go')).toEqual(['c', 'd']);
    expect(catchUp.log('tictactoe')).toBeUndefined();
    expect(told).toEqual(['okey', 'go', 'go']);
  });

  it('drops a malformed answer with a message naming the peer, and keeps what it had', async () => {
    const f = fakeLinks();
    const log = vi.fn();
    const catchUp = new LogCatchUp(f.links, log);
    f.note('p1', LOGS_TOPIC, await packLogs({ okey: ['a'] }));
    f.note('p2', LOGS_TOPIC, gzip('{"okey":"abc"}'));
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith('webrtc: dropped the logs p2 sent', expect.any(Error)),
    );
    await vi.waitFor(() => expect(catchUp.log('okey')).toEqual(['a']));
  });

  it('asks every link again once the room moved on (a peer entry went by), keeping what it holds until more comes', async () => {
    const f = fakeLinks();
    const catchUp = new LogCatchUp(f.links);
    f.note('p1', LOGS_TOPIC, await packLogs({ okey: ['a', 'b'] }));
    await vi.waitFor(() => expect(catchUp.log('okey')).toEqual(['a', 'b']));
    catchUp.refresh();
    expect(f.notes).toEqual([]);
    f.note('p1', ENTRY_TOPIC, { entry: '{}', after: null });
    catchUp.refresh();
    catchUp.refresh();
    expect(f.notes).toEqual([['*', LOGS_ASK_TOPIC, { v: 1 }]]);
    expect(catchUp.log('okey')).toEqual(['a', 'b']);
    f.note('p1', LOGS_TOPIC, await packLogs({ okey: ['a', 'b', 'c'] }));
    await vi.waitFor(() => expect(catchUp.log('okey')).toEqual(['a', 'b', 'c']));
    // Once the document is open the bridge takes the entries: no more asking.
    catchUp.stopAsking();
    f.note('p1', ENTRY_TOPIC, { entry: '{}', after: null });
    catchUp.refresh();
    expect(f.notes).toHaveLength(1);
  });

  it('keeps the entries peers send ahead until the room document opens, the latest MAX_HELD_PER_PEER of each peer, and gives them once', () => {
    const f = fakeLinks();
    const catchUp = new LogCatchUp(f.links);
    const ahead = (i: number) => ({ entry: `{"id":"p1:${i}"}`, after: i === 0 ? null : `p1:${i - 1}` });
    const other = { entry: '{"id":"p2:0"}', after: null };
    f.note('p1', ENTRY_TOPIC, 'not an entry');
    f.note('p1', ENTRY_TOPIC, { entry: 'x'.repeat(MAX_ENTRY_CHARS + 1), after: null });
    f.note('p2', ENTRY_TOPIC, other);
    for (let i = 0; i < MAX_HELD_PER_PEER + 2; i++) f.note('p1', ENTRY_TOPIC, ahead(i));
    catchUp.stopAsking();
    // The bridge hears the entries sent from now on itself.
    f.note('p1', ENTRY_TOPIC, ahead(MAX_HELD_PER_PEER + 2));
    const heard = catchUp.takeHeardAhead();
    // p1's flood crowds out only p1's own oldest.
    expect(heard).toHaveLength(MAX_HELD_PER_PEER + 1);
    expect(heard[0]).toEqual({ from: 'p2', item: other });
    expect(heard[1]).toEqual({ from: 'p1', item: ahead(2) });
    expect(heard.at(-1)).toEqual({ from: 'p1', item: ahead(MAX_HELD_PER_PEER + 1) });
    expect(catchUp.takeHeardAhead()).toEqual([]);
  });

  it('gives with a log the fold this page kept of its first entries, when the log starts with them', async () => {
    const f = fakeLinks();
    const catchUp = new LogCatchUp(f.links);
    const asked: [string, readonly string[]][] = [];
    catchUp.useKeptFolds(async (game, log) => {
      asked.push([game, log]);
      return log[0] === 'a' ? { log, count: 1, state: { kept: game } } : null;
    });
    f.note('p1', LOGS_TOPIC, await packLogs({ okey: ['a', 'b'], go: ['c'] }));
    await vi.waitFor(() => expect(catchUp.log('go')).toEqual(['c']));
    expect(asked).toEqual([
      ['okey', ['a', 'b']],
      ['go', ['c']],
    ]);
    expect(catchUp.kept('okey')).toEqual({ log: ['a', 'b'], count: 1, state: { kept: 'okey' } });
    expect(catchUp.kept('go')).toBeNull();
    // A longer log that does not start with the kept entries (another peer's) folds whole.
    f.note('p2', LOGS_TOPIC, await packLogs({ okey: ['x', 'b', 'c'] }));
    await vi.waitFor(() => expect(catchUp.log('okey')).toEqual(['x', 'b', 'c']));
    expect(catchUp.kept('okey')).toBeNull();
  });

  it('takes answers one at a time: the same log from several peers is checked once, and the others are skipped', async () => {
    const f = fakeLinks();
    const room = 'catch-up-once';
    const catchUp = new LogCatchUp(f.links, console.warn, room);
    const key = testKey(11);
    const log = Array.from({ length: 10 }, (_, i) => {
      const payload = { n: i, signer: { seat: '1', seq: i + 1, key: key.key } };
      const signature = signText(signedText(room, 'okey', 'okey/counted', payload), key);
      return JSON.stringify({
        id: `p1p1p1p1p1p1:${i}`,
        action: { type: 'okey/counted', payload: { ...payload, signature } },
      });
    });
    const matched: string[] = [];
    catchUp.useKeptFolds(async (game) => (matched.push(game), null));
    const told: string[] = [];
    catchUp.subscribe((game) => told.push(game));
    const verify = vi.spyOn(crypto.subtle, 'verify');
    try {
      const answer = await packLogs({ okey: log });
      for (const peer of ['p1', 'p2', 'p3']) f.note(peer, LOGS_TOPIC, answer);
      await vi.waitFor(() => expect(told).toEqual(['okey']));
      await settled();
      expect(verify).toHaveBeenCalledTimes(10);
      // The second and third answers were no longer than the log taken: not matched against kept folds either.
      expect(matched).toEqual(['okey']);
      expect(told).toEqual(['okey']);
    } finally {
      verify.mockRestore();
    }
  });

  it('takes one answer per ask from each peer, and says once that it drops the rest', async () => {
    const f = fakeLinks();
    const log = vi.fn();
    const catchUp = new LogCatchUp(f.links, log);
    f.note('p1', LOGS_TOPIC, await packLogs({ okey: ['a'] }));
    f.note('p1', LOGS_TOPIC, await packLogs({ okey: ['a', 'b'] }));
    f.note('p1', LOGS_TOPIC, await packLogs({ okey: ['a', 'b', 'c'] }));
    f.note('p2', LOGS_TOPIC, await packLogs({ go: ['x'] }));
    await vi.waitFor(() => expect(catchUp.log('go')).toEqual(['x']));
    expect(catchUp.log('okey')).toEqual(['a']);
    expect(log.mock.calls).toEqual([['webrtc: dropped logs p1 sent unasked']]);
    // Asked again (the room moved on): one more answer each.
    f.note('p1', ENTRY_TOPIC, { entry: '{}', after: null });
    catchUp.refresh();
    f.note('p2', LOGS_TOPIC, await packLogs({ okey: ['a', 'b', 'c', 'd'] }));
    await vi.waitFor(() => expect(catchUp.log('okey')).toEqual(['a', 'b', 'c', 'd']));
  });

  it('takes no more answers once disposed', async () => {
    const f = fakeLinks();
    const catchUp = new LogCatchUp(f.links);
    catchUp.dispose();
    f.note('p1', LOGS_TOPIC, await packLogs({ okey: ['a'] }));
    await settled();
    expect(catchUp.log('okey')).toBeUndefined();
  });
});

describe('answerLogAsks', () => {
  it('answers each asking peer with the non-empty logs as they are when it asks', async () => {
    const f = fakeLinks();
    let logs: Record<string, string[]> = { okey: ['a'], go: [] };
    const { stop } = answerLogAsks(f.links, () => logs);
    f.greet('p1', LOGS_ASK_TOPIC, { v: 1 });
    logs = { okey: ['a', 'b'], go: [] };
    f.greet('p2', LOGS_ASK_TOPIC, { v: 1 });
    f.greet('p2', LOGS_ASK_TOPIC, null);
    // Packing is asynchronous: the answers may leave in either order.
    await vi.waitFor(() => expect(f.notes).toHaveLength(2));
    const answers = new Map(f.notes.map(([peerId, topic, body]) => [peerId, { topic, body }]));
    expect(answers.get('p1')?.topic).toBe(LOGS_TOPIC);
    expect(await unpackLogs(answers.get('p1')?.body)).toEqual({ okey: ['a'] });
    expect(await unpackLogs(answers.get('p2')?.body)).toEqual({ okey: ['a', 'b'] });
    stop();
    f.greet('p3', LOGS_ASK_TOPIC, { v: 1 });
    await settled();
    expect(f.notes).toHaveLength(2);
  });

  it('sends only logs a late joiner takes, whatever a peer wrote into the document', async () => {
    const tooLong = 'x'.repeat(MAX_ENTRY_CHARS + 1);
    const logs = {
      okey: ['a', 'b', tooLong, 'c'],
      go: [tooLong, 'd'],
      ['g'.repeat(LOGS_LIMITS.maxGameNameLength + 1)]: ['e'],
      tictactoe: ['f'],
      backgammon: [],
    };
    const sendable = sendableLogs(logs);
    expect(sendable).toEqual({ okey: ['a', 'b'], tictactoe: ['f'] });
    expect(await unpackLogs(await packLogs(sendable))).toEqual(sendable);
    expect(logs.okey).toHaveLength(4);
    const f = fakeLinks();
    answerLogAsks(f.links, () => logs);
    f.greet('p1', LOGS_ASK_TOPIC, { v: 1 });
    await vi.waitFor(() => expect(f.notes).toHaveLength(1));
    expect(await unpackLogs(f.notes[0][2])).toEqual(sendable);
  });

  it('answers an ask again once per link, and only from a peer that asked on it', async () => {
    const f = fakeLinks();
    answerLogAsks(f.links, () => ({ okey: ['a'] }));
    f.note('p1', LOGS_ASK_TOPIC, { v: 1 });
    f.greet('p2', LOGS_ASK_TOPIC, { v: 1 });
    await vi.waitFor(() => expect(f.notes.map(([peerId]) => peerId)).toEqual(['p2']));
    f.note('p2', LOGS_ASK_TOPIC, { v: 1 });
    f.note('p2', LOGS_ASK_TOPIC, { v: 1 });
    await vi.waitFor(() => expect(f.notes.map(([peerId]) => peerId)).toEqual(['p2', 'p2']));
    await settled();
    expect(f.notes).toHaveLength(2);
    // Its link closed: a note from that peer id is not answered.
    f.greet('p2', LOGS_ASK_TOPIC, null);
    f.note('p2', LOGS_ASK_TOPIC, { v: 1 });
    await settled();
    expect(f.notes).toHaveLength(2);
  });

  it('packs a version of the logs once: prepared ahead, reused for every ask until the version changes', async () => {
    const f = fakeLinks();
    let logs: Record<string, string[]> = { okey: ['a'] };
    let version = { v: 1 };
    const read = vi.fn(() => logs);
    const answers = answerLogAsks(f.links, read, () => version);
    answers.prepare();
    expect(read).toHaveBeenCalledTimes(1);
    f.greet('p1', LOGS_ASK_TOPIC, { v: 1 });
    f.greet('p2', LOGS_ASK_TOPIC, { v: 1 });
    await vi.waitFor(() => expect(f.notes).toHaveLength(2));
    expect(read).toHaveBeenCalledTimes(1);
    expect(f.notes[0][2]).toBe(f.notes[1][2]);
    logs = { okey: ['a', 'b'] };
    version = { v: 2 };
    f.greet('p3', LOGS_ASK_TOPIC, { v: 1 });
    await vi.waitFor(() => expect(f.notes).toHaveLength(3));
    expect(read).toHaveBeenCalledTimes(2);
    expect(await unpackLogs(f.notes[2][2])).toEqual({ okey: ['a', 'b'] });
    answers.stop();
  });

  it('sends nothing when every log is empty', async () => {
    const f = fakeLinks();
    answerLogAsks(f.links, () => ({ okey: [], go: [] }));
    f.greet('p1', LOGS_ASK_TOPIC, { v: 1 });
    await settled();
    expect(f.notes).toEqual([]);
  });
});
