import { describe, expect, it } from 'vitest';
import {
  AvatarChannel,
  isAvatarMessage,
  type EphemeralTopic,
} from '../../../../../src/games/minecraft/components/avatarChannel';

/** A room where every broadcast reaches every other member at once, as the ephemeral channel does. */
function room() {
  const members: { listeners: Set<(m: unknown) => void>; sent: unknown[] }[] = [];
  const join = (): EphemeralTopic & { sent: unknown[] } => {
    const me = { listeners: new Set<(m: unknown) => void>(), sent: [] as unknown[] };
    members.push(me);
    return {
      sent: me.sent,
      broadcast: (m) => {
        me.sent.push(m);
        for (const other of members) if (other !== me) other.listeners.forEach((l) => l(m));
      },
      subscribe: (l) => {
        me.listeners.add(l);
        return () => me.listeners.delete(l);
      },
    };
  };
  return { join };
}

const pose = (x: number) => ({ x, y: 1, z: 2, yaw: 0.5, pitch: 0 });

describe('AvatarChannel', () => {
  it('sends at most one pose per interval, only when it moved, plus a heartbeat while still', () => {
    let now = 0;
    const topic = room().join();
    const channel = new AvatarChannel({ topic, clientId: 7, now: () => now });
    expect(channel.offer(pose(1))).toBe(true);
    now = 50;
    expect(channel.offer(pose(2))).toBe(false);
    now = 100;
    expect(channel.offer(pose(2))).toBe(true);
    now = 300;
    expect(channel.offer(pose(2))).toBe(false);
    now = 1100;
    expect(channel.offer(pose(2))).toBe(true);
    expect(topic.sent).toEqual([
      { minecraftAvatar: { ...pose(1), clientId: 7 } },
      { minecraftAvatar: { ...pose(2), clientId: 7 } },
      { minecraftAvatar: { ...pose(2), clientId: 7 } },
    ]);
  });

  it('hears other players, forgets the silent ones, and drops one that says goodbye', () => {
    let now = 0;
    const r = room();
    const ann = new AvatarChannel({ topic: r.join(), clientId: 1, now: () => now, timeoutMs: 1000 });
    const bob = new AvatarChannel({ topic: r.join(), clientId: 2, now: () => now, timeoutMs: 1000 });
    const cem = new AvatarChannel({ topic: r.join(), clientId: 3, now: () => now, timeoutMs: 1000 });
    let heard = 0;
    ann.subscribe(() => heard++);
    bob.offer(pose(4));
    cem.offer(pose(5));
    expect([...ann.avatars().keys()]).toEqual([2, 3]);
    expect(ann.avatars().get(2)?.pose.x).toBe(4);
    expect(heard).toBe(2);
    cem.dispose();
    expect([...ann.avatars().keys()]).toEqual([2]);
    now = 1500;
    expect(ann.avatars().size).toBe(0);
  });

  it('ignores its own echoes and anything that is not an avatar pose', () => {
    const topic = room().join();
    let listener: (m: unknown) => void = () => {};
    const channel = new AvatarChannel({
      topic: { broadcast: topic.broadcast, subscribe: (l) => ((listener = l), () => {}) },
      clientId: 1,
    });
    listener({ minecraftAvatar: { ...pose(1), clientId: 1 } });
    listener({ minecraftAvatar: { ...pose(1), clientId: 2, x: 'far' } });
    listener({ cursor: { x: 1 } });
    listener(null);
    expect(channel.avatars().size).toBe(0);
  });
});

describe('isAvatarMessage', () => {
  it.each([
    {
      name: 'a pose',
      message: { minecraftAvatar: { clientId: 1, x: 0, y: 0, z: 0, yaw: 0, pitch: 0 } },
      ok: true,
    },
    {
      name: 'a goodbye',
      message: { minecraftAvatar: { clientId: 1, x: 0, y: 0, z: 0, yaw: 0, pitch: 0, gone: true } },
      ok: true,
    },
    {
      name: 'an infinite x',
      message: { minecraftAvatar: { clientId: 1, x: Infinity, y: 0, z: 0, yaw: 0, pitch: 0 } },
      ok: false,
    },
    { name: 'no pitch', message: { minecraftAvatar: { clientId: 1, x: 0, y: 0, z: 0, yaw: 0 } }, ok: false },
    { name: 'a string', message: 'minecraftAvatar', ok: false },
  ])('accepts $name: $ok', ({ message, ok }) => expect(isAvatarMessage(message)).toBe(ok));
});
