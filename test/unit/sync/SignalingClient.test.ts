import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignalingClient, reconnectDelay } from '../../../src/sync/mesh/SignalingClient.ts';
import { FakeSocket, fakeSocketClass } from '../../helpers/meshFakes.ts';

function setup() {
  const sockets: FakeSocket[] = [];
  const log = vi.fn();
  const client = new SignalingClient({ url: 'ws://test/signal', WebSocket: fakeSocketClass(sockets), log });
  const last = () => sockets[sockets.length - 1];
  return { client, sockets, last, log };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reconnectDelay', () => {
  it('starts at 1200 ms and rises to at most 2500 ms', () => {
    expect([0, 1, 2, 3, 10].map(reconnectDelay)).toEqual([1200, 1800, 2500, 2500, 2500]);
  });
});

describe('SignalingClient', () => {
  it('retries a failing server after 1200, 1800, 2500 and 2500 ms', () => {
    const { client, sockets, last } = setup();
    for (const delay of [1200, 1800, 2500, 2500]) {
      const before = sockets.length;
      last().drop();
      vi.advanceTimersByTime(delay - 1);
      expect(sockets.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(sockets.length).toBe(before + 1);
    }
    client.dispose();
  });

  it('starts the back-off again after a successful open', () => {
    const { client, sockets, last } = setup();
    last().drop();
    vi.advanceTimersByTime(1200);
    last().drop();
    vi.advanceTimersByTime(1800);
    last().open();
    last().drop();
    vi.advanceTimersByTime(1200);
    expect(sockets.length).toBe(4);
    client.dispose();
  });

  it('subscribes its topics on open and again after every reconnect', () => {
    const { client, last } = setup();
    client.subscribe('room-a');
    const first = last();
    expect(first.sent).toEqual([]);
    first.open();
    expect(first.sent).toEqual([{ type: 'subscribe', topics: ['room-a'] }]);
    client.subscribe('room-b');
    client.unsubscribe('room-a');
    first.drop();
    vi.advanceTimersByTime(1200);
    last().open();
    expect(last().sent).toEqual([{ type: 'subscribe', topics: ['room-b'] }]);
    client.dispose();
  });

  it('pings every 15 s while open', () => {
    const { client, last } = setup();
    last().open();
    vi.advanceTimersByTime(14_999);
    expect(last().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual([{ type: 'ping' }]);
    last().receive({ type: 'pong' });
    vi.advanceTimersByTime(15_000);
    expect(last().sent).toEqual([{ type: 'ping' }, { type: 'ping' }]);
    client.dispose();
  });

  it('closes a socket silent for 30 s and reconnects', () => {
    const { client, sockets, last } = setup();
    const closes = vi.fn();
    client.on('close', closes);
    const first = last();
    first.open();
    vi.advanceTimersByTime(20_000);
    first.receive({ type: 'pong' });
    vi.advanceTimersByTime(29_999);
    expect(first.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(first.closed).toBe(true);
    expect(closes).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1200);
    expect(sockets.length).toBe(2);
    client.dispose();
  });

  it('gives up on a socket that never opens within 30 s', () => {
    const { client, sockets } = setup();
    vi.advanceTimersByTime(30_000);
    expect(sockets[0].closed).toBe(true);
    vi.advanceTimersByTime(1200);
    expect(sockets.length).toBe(2);
    client.dispose();
  });

  it('emits publishes with their topic and ignores pongs', () => {
    const { client, last } = setup();
    const got = vi.fn();
    client.on('publish', got);
    last().open();
    last().receive({ type: 'pong' });
    last().receive({ type: 'publish', topic: 'room', data: { type: 'announce', from: 'p' } });
    expect(got.mock.calls).toEqual([['room', { type: 'announce', from: 'p' }]]);
    client.dispose();
  });

  it.each([
    { name: 'not JSON', raw: '{nope' },
    { name: 'an array', raw: '[1,2]' },
    { name: 'an unknown type', raw: '{"type":"hello"}' },
    { name: 'a publish without topic', raw: '{"type":"publish","data":1}' },
    { name: 'a publish without data', raw: '{"type":"publish","topic":"room"}' },
  ])('logs and drops $name', ({ raw }) => {
    const { client, last, log } = setup();
    const got = vi.fn();
    client.on('publish', got);
    last().open();
    expect(() => last().receive(raw)).not.toThrow();
    expect(got).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(1);
    client.dispose();
  });

  it('sends a publish only while open', () => {
    const { client, last } = setup();
    expect(client.publish('room', 1)).toBe(false);
    last().open();
    expect(client.publish('room', 1)).toBe(true);
    expect(last().sent).toEqual([{ type: 'publish', topic: 'room', data: 1 }]);
    client.dispose();
  });

  it('keeps going when a listener throws', () => {
    const { client, last, log } = setup();
    const second = vi.fn();
    client.on('open', () => {
      throw new Error('boom');
    });
    client.on('open', second);
    expect(() => last().open()).not.toThrow();
    expect(second).toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
    client.dispose();
  });

  it('reconnects when the socket constructor throws', () => {
    const log = vi.fn();
    let calls = 0;
    const Throwing = class extends FakeSocket {
      constructor(url: string) {
        super(url);
        if (++calls === 1) throw new Error('bad url');
      }
    };
    const client = new SignalingClient({ url: 'ws://x', WebSocket: Throwing, log });
    expect(log).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1200);
    expect(calls).toBe(2);
    client.dispose();
  });

  it('dispose closes the socket, stops every timer and is idempotent', () => {
    const { client, sockets, last } = setup();
    const opens = vi.fn();
    client.on('open', opens);
    const socket = last();
    socket.open();
    client.dispose();
    client.dispose();
    expect(socket.closed).toBe(true);
    expect(socket.onmessage).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(sockets.length).toBe(1);
    expect(opens).toHaveBeenCalledTimes(1);
  });
});
