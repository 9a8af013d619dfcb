import { useEffect, useState, type RefObject } from 'react';
import { AvatarChannel, type EphemeralTopic } from './avatarChannel';
import type { Rig } from './rig';

// Games may import only the app's typed hooks, and those offer no ephemeral channel yet: the room connection is read
// from the handle the room page exposes for tools (window.__gameRoom) until a hook exists. Absent: no avatars.
const findTopic = (): EphemeralTopic | null => window.__gameRoom?.connection?.ephemeral ?? null;

const POSE_EVERY_MS = 100;
const LOOK_FOR_ROOM_MS = 500;

/**
 * This tab's avatar channel while the room is connected and the tab has a client id: offers the rig's pose ten times a
 * second (the channel sends only what changed, plus a heartbeat) and says goodbye when the world page closes.
 */
export function useAvatarChannel(clientId: number | null, rigRef: RefObject<Rig>): AvatarChannel | null {
  const [channel, setChannel] = useState<AvatarChannel | null>(null);

  useEffect(() => {
    if (clientId === null) return;
    let current: { topic: EphemeralTopic; channel: AvatarChannel } | null = null;
    const close = () => {
      current?.channel.dispose();
      current = null;
    };
    // The room connects after the board mounts, and a reconnect replaces it: follow whichever is current.
    const follow = () => {
      const topic = findTopic();
      if (topic === (current?.topic ?? null)) return;
      close();
      current = topic && { topic, channel: new AvatarChannel({ topic, clientId }) };
      setChannel(current?.channel ?? null);
    };
    const offer = () => {
      const { body, yaw, pitch } = rigRef.current;
      current?.channel.offer({ x: body.x, y: body.y, z: body.z, yaw, pitch });
    };
    const timers = [
      setTimeout(follow, 0),
      setInterval(follow, LOOK_FOR_ROOM_MS),
      setInterval(offer, POSE_EVERY_MS),
    ];
    window.addEventListener('pagehide', close);
    return () => {
      timers.forEach(clearInterval);
      window.removeEventListener('pagehide', close);
      close();
      setChannel(null);
    };
  }, [clientId, rigRef]);

  return channel;
}
