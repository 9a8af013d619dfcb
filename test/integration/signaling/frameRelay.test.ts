import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import {
  connectClient,
  enteredClients,
  frame,
  framesOf,
  serversClosedAfterEach,
  TEST_LONG_WINDOW_MS,
} from './helpers.ts';

const start = serversClosedAfterEach();

/** Two clients in room as peers a and b, with their relayed frames readable. */
async function pair(wsUrl: string, room = 'room') {
  const [a, b] = await enteredClients(wsUrl, room, ['a', 'b']);
  return { a, b, aFrames: framesOf(a), bFrames: framesOf(b) };
}

async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

describe('relayed link frames', () => {
  it('pass a frame to its target in the room, named as from its sender, and count it', async () => {
    const server = await start();
    const { a, b, aFrames, bFrames } = await pair(server.wsUrl);
    a.ws.send(frame('room', 'b', 'hello b'));
    expect(await bFrames.next()).toEqual({ peer: 'a', payload: 'hello b' });
    b.ws.send(frame('room', 'a', 'hello a'));
    expect(await aFrames.next()).toEqual({ peer: 'b', payload: 'hello a' });
    expect(await metric(server.url, 'signaling_relayed_frames_total')).toBe(2);
    expect(await metric(server.url, 'signaling_relayed_bytes_total')).toBe(14);
  });

  it('drop a frame to a peer not in the room, from a client that did not enter, or to another room', async () => {
    const server = await start();
    const { a, b, bFrames } = await pair(server.wsUrl);
    const stranger = await connectClient(server.wsUrl);
    await stranger.subscribe('other');
    stranger.send({ type: 'enter', topic: 'other', peer: 'c' });
    stranger.ws.send(frame('room', 'b', 'not entered'));
    stranger.ws.send(frame('other', 'b', 'b is not in other'));
    a.ws.send(frame('room', 'nobody', 'unknown target'));
    a.ws.send(frame('room', 'b', 'the one that passes'));
    expect(await bFrames.next()).toEqual({ peer: 'a', payload: 'the one that passes' });
    await stranger.roundTrip();
    expect(await metric(server.url, 'signaling_messages_dropped_total{reason="relay_refused"}')).toBe(3);
    expect(b.pending()).toEqual([]);
  });

  it('refuse entering as a peer another connection holds, or into a room not subscribed', async () => {
    const server = await start();
    const { a, bFrames } = await pair(server.wsUrl);
    const impostor = await connectClient(server.wsUrl);
    await impostor.subscribe('room');
    impostor.send({ type: 'enter', topic: 'room', peer: 'a' });
    impostor.send({ type: 'enter', topic: 'elsewhere', peer: 'z' });
    impostor.ws.send(frame('room', 'b', 'as a'));
    a.ws.send(frame('room', 'b', 'the real a'));
    expect(await bFrames.next()).toEqual({ peer: 'a', payload: 'the real a' });
  });

  it('tell the room when a relayed peer leaves, so its partners stop', async () => {
    const server = await start();
    const { a, b } = await pair(server.wsUrl);
    a.ws.close();
    expect(await b.next()).toEqual({ type: 'left', topic: 'room', peer: 'a' });
  });

  it('cut the relay of a connection over its budget alone, and tell the room; the others play on', async () => {
    const server = await start({ relayBudget: { maxMessagesPerWindow: 3, windowMs: 60_000 } });
    const { a, b, bFrames } = await pair(server.wsUrl);
    const [c] = await enteredClients(server.wsUrl, 'room', ['c']);
    for (let i = 0; i < 5; i++) a.ws.send(frame('room', 'b', `flood ${i}`));
    for (let i = 0; i < 3; i++) expect(await bFrames.next()).toEqual({ peer: 'a', payload: `flood ${i}` });
    expect(await b.next()).toEqual({ type: 'left', topic: 'room', peer: 'a' });
    expect(await c.next()).toEqual({ type: 'left', topic: 'room', peer: 'a' });
    await server.waitForLog(/relay cut: over its relay budget/);
    c.ws.send(frame('room', 'b', 'c plays on'));
    expect(await bFrames.next()).toEqual({ peer: 'c', payload: 'c plays on' });
    // a keeps its socket and its signalling, without a relay.
    a.send({ type: 'publish', topic: 'room', data: 'still signalling' });
    expect(await c.next()).toEqual({ type: 'publish', topic: 'room', data: 'still signalling' });
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
    expect(await metric(server.url, 'signaling_relay_cuts_total')).toBe(1);
  });

  it('cut the connection that takes its room over the room budget', async () => {
    const server = await start({ relayBudget: { maxMessagesPerWindow: 1, windowMs: TEST_LONG_WINDOW_MS } });
    const peers = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const clients = await enteredClients(server.wsUrl, 'room', peers);
    // The room may carry 8 connections' worth: the ninth frame is one too many.
    for (let i = 1; i < 10; i++) clients[i].ws.send(frame('room', 'p0', `from p${i}`));
    await server.waitForLog(/relay cut: over room room's relay budget/);
    expect(await metric(server.url, 'signaling_relayed_frames_total')).toBe(8);
  });

  it('relays nothing when switched off, and says so to each peer that enters', async () => {
    const server = await start({ relayFrames: false });
    const { a, b } = await pair(server.wsUrl);
    // Each hears at once that its own frames will not pass.
    expect(await a.next()).toEqual({ type: 'left', topic: 'room', peer: 'a' });
    expect(await b.next()).toEqual({ type: 'left', topic: 'room', peer: 'b' });
    a.ws.send(frame('room', 'b', 'off'));
    a.send({ type: 'publish', topic: 'room', data: 'marker' });
    expect(await b.next()).toEqual({ type: 'publish', topic: 'room', data: 'marker' });
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).not.toContain('signaling_relayed_frames_total');
  });
});
