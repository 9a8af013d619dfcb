import { describe, expect, it } from 'vitest';
import { connectClient, health, serversClosedAfterEach } from './helpers.ts';

const start = serversClosedAfterEach();

describe('signalling pub/sub', () => {
  it('fans a publish out to every other subscriber of the topic, not to the sender or other topics', async () => {
    const server = await start();
    const [a, b, c, other] = await Promise.all([1, 2, 3, 4].map(() => connectClient(server.wsUrl)));
    await Promise.all([a.subscribe('room-1'), b.subscribe('room-1'), c.subscribe('room-1', 'marker')]);
    await other.subscribe('room-2', 'marker');

    const data = { type: 'announce', from: 'peer-a' };
    a.send({ type: 'publish', topic: 'room-1', data });
    expect(await b.next()).toEqual({ type: 'publish', topic: 'room-1', data });
    expect(await c.next()).toEqual({ type: 'publish', topic: 'room-1', data });

    // The server handles one socket's messages in order, so anything meant for `other` before the marker would come first.
    a.send({ type: 'publish', topic: 'marker', data: 'm' });
    expect(await other.next()).toEqual({ type: 'publish', topic: 'marker', data: 'm' });
    // If a's publish had been echoed, it would reach a before b's reply.
    b.send({ type: 'publish', topic: 'room-1', data: 'from b' });
    expect(await a.next()).toEqual({ type: 'publish', topic: 'room-1', data: 'from b' });
  });

  it('relays only the protocol fields of a publish', async () => {
    const server = await start();
    const [a, b] = await Promise.all([connectClient(server.wsUrl), connectClient(server.wsUrl)]);
    await b.subscribe('room');
    a.send({ type: 'publish', topic: 'room', data: { nested: [1, 'x', null] }, extra: 'dropped' });
    expect(await b.next()).toEqual({ type: 'publish', topic: 'room', data: { nested: [1, 'x', null] } });
  });

  it('delivers a publish from a socket that is not subscribed to the topic', async () => {
    const server = await start();
    const [a, b] = await Promise.all([connectClient(server.wsUrl), connectClient(server.wsUrl)]);
    await b.subscribe('room');
    a.send({ type: 'publish', topic: 'room', data: 1 });
    expect(await b.next()).toEqual({ type: 'publish', topic: 'room', data: 1 });
  });

  it('stops delivering a topic after unsubscribe, and keeps the others', async () => {
    const server = await start();
    const [a, b] = await Promise.all([connectClient(server.wsUrl), connectClient(server.wsUrl)]);
    await b.subscribe('room', 'kept');
    b.send({ type: 'unsubscribe', topics: ['room'] });
    await b.roundTrip();
    a.send({ type: 'publish', topic: 'room', data: 'gone' });
    a.send({ type: 'publish', topic: 'kept', data: 'here' });
    expect(await b.next()).toEqual({ type: 'publish', topic: 'kept', data: 'here' });
    expect((await health(server)).topics).toBe(1);
  });

  it('answers ping with pong', async () => {
    const server = await start();
    const a = await connectClient(server.wsUrl);
    a.send({ type: 'ping' });
    expect(await a.next()).toEqual({ type: 'pong' });
  });

  it('forgets the topics of a socket that disconnects', async () => {
    const server = await start();
    const a = await connectClient(server.wsUrl);
    await a.subscribe('one', 'two');
    expect(await health(server)).toMatchObject({ connections: 1, topics: 2 });
    a.ws.close();
    await server.waitForLog(/disconnected .*2 topics/);
    expect(await health(server)).toMatchObject({ connections: 0, topics: 0 });
  });

  it('closes a socket that sends nothing for the idle timeout', async () => {
    const server = await start({ limits: { idleTimeoutMs: 100 } });
    const a = await connectClient(server.wsUrl);
    expect((await a.closed).code).toBe(4000);
    await server.waitForLog(/idle timeout/);
  });

  it('logs one line per connect and per disconnect with the socket id and address', async () => {
    const server = await start();
    const a = await connectClient(server.wsUrl);
    const connected = await server.waitForLog(/connected from/);
    const id = /ws (\w+) connected from 127\.0\.0\.1/.exec(connected)?.[1];
    expect(id).toBeTruthy();
    a.ws.close();
    expect(await server.waitForLog(/disconnected/)).toContain(`ws ${id} disconnected from 127.0.0.1`);
  });

  it('closes every socket with 1001 on close() and resolves, twice over', async () => {
    const server = await start();
    const [a, b] = await Promise.all([connectClient(server.wsUrl), connectClient(server.wsUrl)]);
    await a.subscribe('room');
    await server.close();
    expect((await a.closed).code).toBe(1001);
    expect((await b.closed).code).toBe(1001);
    await server.close();
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
