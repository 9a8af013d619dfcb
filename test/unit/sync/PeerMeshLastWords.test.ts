import { describe, expect, it, vi } from 'vitest';
import { LAST_WORDS_MS } from '../../../src/sync/mesh/LastWords.ts';
import { decrypt, deriveRoomKey } from '../../../src/sync/mesh/roomCrypto.ts';
import { flush, ME, meshOnFakes, meshTestHooks } from '../../helpers/meshFakes.ts';

meshTestHooks();

/** A mesh whose beacons are caught: the URL and body of each. */
async function meshWithBeacons(extra: { password?: string } = {}) {
  const beacons: { url: string; body: unknown }[] = [];
  const sendBeacon = (url: string, body: string) => (beacons.push({ url, body: JSON.parse(body) }), true);
  const started = await meshOnFakes({ sendBeacon, ...extra });
  started.mesh.keepLastWords('entry');
  return { ...started, beacons };
}

describe('PeerMesh last words', () => {
  it('posts, as a closing page’s beacon, the notes of lasting topics it broadcast lately', async () => {
    const { mesh, beacons } = await meshWithBeacons();
    mesh.broadcastNote('entry', { n: 1 });
    mesh.broadcastNote('presence', 'not lasting');
    mesh.broadcastNote('entry', { n: 2 });
    expect(mesh.sayLastWords()).toBe(true);
    expect(beacons).toEqual([
      {
        url: 'http://test/beacon',
        body: {
          topic: 'room',
          data: {
            type: 'lastWords',
            from: ME,
            notes: [
              { topic: 'entry', body: { n: 1 } },
              { topic: 'entry', body: { n: 2 } },
            ],
          },
        },
      },
    ]);
    mesh.leave();
  });

  it('says nothing once its last note is older than LAST_WORDS_MS, or when it broadcast none', async () => {
    const { mesh, beacons } = await meshWithBeacons();
    expect(mesh.sayLastWords()).toBe(false);
    mesh.broadcastNote('entry', { n: 1 });
    await vi.advanceTimersByTimeAsync(LAST_WORDS_MS + 1);
    expect(mesh.sayLastWords()).toBe(false);
    expect(beacons).toEqual([]);
    mesh.leave();
  });

  it('keeps the latest eight notes', async () => {
    const { mesh, beacons } = await meshWithBeacons();
    for (let n = 1; n <= 10; n++) mesh.broadcastNote('entry', { n });
    mesh.sayLastWords();
    const { notes } = (beacons[0].body as { data: { notes: { body: { n: number } }[] } }).data;
    expect(notes.map((note) => note.body.n)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    mesh.leave();
  });

  it('ends its last words with its farewell however long ago it was set, within the eight notes', async () => {
    const { mesh, beacons } = await meshWithBeacons();
    mesh.setFarewell('presence', 'bye');
    await vi.advanceTimersByTimeAsync(LAST_WORDS_MS + 1);
    for (let n = 1; n <= 10; n++) mesh.broadcastNote('entry', { n });
    expect(mesh.sayLastWords()).toBe(true);
    const { notes } = (beacons[0].body as { data: { notes: { topic: string; body: unknown }[] } }).data;
    expect(notes).toEqual([
      ...[4, 5, 6, 7, 8, 9, 10].map((n) => ({ topic: 'entry', body: { n } })),
      { topic: 'presence', body: 'bye' },
    ]);
    mesh.leave();
  });

  it('says its farewell alone once its notes are older than LAST_WORDS_MS', async () => {
    const { mesh, beacons } = await meshWithBeacons();
    mesh.broadcastNote('entry', { n: 1 });
    mesh.setFarewell('presence', 'bye');
    await vi.advanceTimersByTimeAsync(LAST_WORDS_MS + 1);
    expect(mesh.sayLastWords()).toBe(true);
    expect((beacons[0].body as { data: { notes: unknown[] } }).data.notes).toEqual([
      { topic: 'presence', body: 'bye' },
    ]);
    mesh.leave();
  });

  it('seals its last words with the room key in a private room', async () => {
    const { mesh, beacons } = await meshWithBeacons({ password: 'secret' });
    mesh.broadcastNote('entry', { n: 1 });
    // Sealing is WebCrypto's, outside the fake clock.
    await vi.waitUntil(() => mesh.sayLastWords(), { interval: 5, timeout: 5_000 });
    const { topic, data } = beacons[0].body as { topic: string; data: unknown };
    expect(topic).toBe('room');
    expect(typeof data).toBe('string');
    expect(await decrypt(await deriveRoomKey('secret', 'room'), data)).toEqual({
      type: 'lastWords',
      from: ME,
      notes: [{ topic: 'entry', body: { n: 1 } }],
    });
    mesh.leave();
  });

  it('hears a closing peer’s last words of lasting topics and farewells as notes from that peer, and nothing else', async () => {
    const { mesh, socket, log } = await meshWithBeacons();
    const heard: [string, unknown][] = [];
    mesh.setFarewell('presence', 'my bye');
    for (const topic of ['entry', 'logs', 'presence'])
      mesh.onNote(topic, (peerId, body) => heard.push([peerId, body]));
    const lastWords = (from: string, notes: unknown[]) => ({ type: 'lastWords', from, notes });
    socket.deliver(
      lastWords('gone-1', [
        { topic: 'entry', body: { n: 1 } },
        { topic: 'logs', body: 'not lasting' },
        { topic: 'presence', body: 'its bye' },
      ]),
    );
    socket.deliver(lastWords(ME, [{ topic: 'entry', body: 'mine' }]));
    socket.deliver(
      lastWords(
        'gone-2',
        Array.from({ length: 9 }, () => ({ topic: 'entry', body: 1 })),
      ),
    );
    await flush();
    expect(heard).toEqual([
      ['gone-1', { n: 1 }],
      ['gone-1', 'its bye'],
    ]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('unreadable signalling data'));
    mesh.leave();
  });
});
