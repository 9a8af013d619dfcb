import { connect, type Socket } from 'node:net';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../protocol/signaling.ts';
import { connectClient, health, serversClosedAfterEach, type TestServer } from './helpers.ts';

const start = serversClosedAfterEach();

/** Two well-behaved clients on one topic; `check` proves a publish still reaches the other one. */
async function bystanders(server: TestServer) {
  const [a, b] = await Promise.all([connectClient(server.wsUrl), connectClient(server.wsUrl)]);
  await Promise.all([a.subscribe('calm'), b.subscribe('calm')]);
  const check = async (data: unknown) => {
    a.send({ type: 'publish', topic: 'calm', data });
    expect(await b.next()).toEqual({ type: 'publish', topic: 'calm', data });
  };
  return { a, b, check };
}

describe('signalling under bad input', () => {
  it('ignores malformed, mistyped, unknown and binary messages, logs once, and keeps serving', async () => {
    const server = await start();
    const { check } = await bystanders(server);
    const bad = await connectClient(server.wsUrl);
    const junk = ['not json', '{', 'null', '42', '[]', '"publish"', '{"type":"nope"}', '{"type":"publish"}'];
    junk.push('{"type":"publish","topic":7,"data":1}', '{"type":"subscribe","topics":"calm"}');
    junk.push('{"type":"subscribe","topics":[1,2]}', `{"type":"subscribe","topics":["${'x'.repeat(300)}"]}`);
    junk.push(
      '{"type":"unsubscribe"}',
      '{"type":"publish","topic":"","data":1}',
      '{"__proto__":{"type":"ping"}}',
    );
    for (const text of junk) bad.send(text);
    bad.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await bad.roundTrip();
    expect(bad.pending()).toEqual([]);
    expect(server.lines.filter((l) => l.includes('ignored malformed'))).toHaveLength(1);
    await check('still here');
    bad.ws.close();
    await server.waitForLog(new RegExp(`disconnected.* ${junk.length + 1} ignored`));
  });

  it('closes a socket that sends a frame over the size cap, and only that one', async () => {
    const server = await start();
    const { check } = await bystanders(server);
    const big = await connectClient(server.wsUrl);
    big.send({ type: 'publish', topic: 'calm', data: 'x'.repeat(LIMITS.maxFrameBytes + 1) });
    expect((await big.closed).code).toBe(1009);
    await check('after oversize');
  });

  it('caps the topics of one socket however it asks for thousands', async () => {
    const server = await start();
    const { check } = await bystanders(server);
    const greedy = await connectClient(server.wsUrl);
    await greedy.subscribe(...Array.from({ length: 3000 }, (_, i) => `t${i}`));
    for (let i = 0; i < 100; i++) greedy.send({ type: 'subscribe', topics: [`u${i}`] });
    await greedy.roundTrip();
    expect((await health(server)).topics).toBe(LIMITS.maxTopicsPerSocket + 1);
    await check('after greed');
  });

  it('ignores a subscribe naming more topics than one message may, and caps one that names fewer', async () => {
    const server = await start();
    const { check } = await bystanders(server);
    const greedy = await connectClient(server.wsUrl);
    const topics = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);
    greedy.send({ type: 'subscribe', topics: topics(LIMITS.maxTopicsPerMessage + 1) });
    await greedy.roundTrip();
    expect(server.lines.filter((l) => l.includes('ignored malformed'))).toHaveLength(1);
    expect((await health(server)).topics).toBe(1);
    await greedy.subscribe(...topics(LIMITS.maxTopicsPerMessage));
    expect((await health(server)).topics).toBe(LIMITS.maxTopicsPerSocket + 1);
    await check('after a long list');
  });

  it('drops a flood from one socket, then closes it, while the others are served', async () => {
    const server = await start();
    const { check } = await bystanders(server);
    const [flooder, listener] = await Promise.all([connectClient(server.wsUrl), connectClient(server.wsUrl)]);
    await listener.subscribe('flood');
    for (let i = 0; i < 5000; i++) flooder.send({ type: 'publish', topic: 'flood', data: i });
    expect((await flooder.closed).code).toBe(1008);
    await check('after flood');
    await listener.roundTrip();
    const relayed = listener.pending().length;
    expect(relayed).toBeGreaterThanOrEqual(LIMITS.messageBurst - 2);
    expect(relayed).toBeLessThan(5000 - LIMITS.floodDropLimit);
  });

  it('terminates a subscriber that stops reading instead of buffering for it without bound', async () => {
    const server = await start({ limits: { maxBufferedBytes: 64 * 1024 } });
    const { check } = await bystanders(server);
    const stalled = await rawSubscriber(server.port, 'slow');
    stalled.pause();
    const publisher = await connectClient(server.wsUrl);
    const chunk = 'x'.repeat(60 * 1024);
    let cut = false;
    void server.waitForLog(/too slow/).then(() => (cut = true));
    for (let i = 0; i < 300 && !cut; i++) {
      publisher.send({ type: 'publish', topic: 'slow', data: chunk });
      if (i % 10 === 9) await publisher.roundTrip();
    }
    expect(cut).toBe(true);
    expect(await health(server)).toMatchObject({ connections: 3 });
    await check('after the slow one');
    stalled.destroy();
  });

  it('refuses an upgrade with 503 beyond the connection cap', async () => {
    const server = await start({ limits: { maxConnections: 2 } });
    await Promise.all([connectClient(server.wsUrl), connectClient(server.wsUrl)]);
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(server.wsUrl);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => undefined);
    });
    expect(status).toBe(503);
  });

  it('survives a client that resets mid-handshake or sends garbage instead of HTTP', async () => {
    const server = await start();
    const { check } = await bystanders(server);
    await new Promise<void>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write('GET /signal HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n');
        socket.resetAndDestroy();
        resolve();
      });
    });
    await new Promise<void>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.end('\x00\x01garbage\r\n\r\n'));
      socket.on('close', () => resolve());
      socket.on('error', () => undefined);
      socket.resume();
    });
    await check('after bad handshakes');
  });
});

/** A subscriber speaking raw WebSocket over TCP, so the test can stop it reading. */
async function rawSubscriber(port: number, topic: string): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    'GET /signal HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  socket.write(maskedTextFrame(JSON.stringify({ type: 'subscribe', topics: [topic] })));
  socket.write(maskedTextFrame(JSON.stringify({ type: 'ping' })));
  let seen = '';
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (!seen.includes('"pong"')) return;
      socket.off('data', onData);
      resolve();
    };
    socket.on('data', onData);
  });
  return socket;
}

function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  if (payload.length > 125) throw new Error('test frames stay short');
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const masked = payload.map((byte, i) => byte ^ mask[i % 4]);
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, masked]);
}
