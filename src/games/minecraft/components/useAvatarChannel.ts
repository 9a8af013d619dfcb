import { useEffect, useState, type RefObject } from 'react';
import { AvatarChannel, type EphemeralTopic } from './avatarChannel';
import type { Rig } from './rig';

const POSE_EVERY_MS = 100;

/**
 * This tab's avatar channel while the room's ephemeral topic is there and the tab has a client id: offers the rig's pose
 * ten times a second (the channel sends only what changed, plus a heartbeat) and says goodbye when the world page closes
 * or the topic is replaced (a reconnect).
 */
export function useAvatarChannel(
  topic: EphemeralTopic | null,
  clientId: number | null,
  rigRef: RefObject<Rig>,
): AvatarChannel | null {
  const [channel, setChannel] = useState<AvatarChannel | null>(null);

  useEffect(() => {
    if (topic === null || clientId === null) return;
    const current = new AvatarChannel({ topic, clientId });
    // Handed out from a task, not the effect body, so the board renders once with it rather than in a cascade.
    const handOut = setTimeout(() => setChannel(current), 0);
    const close = () => current.dispose();
    const offer = () => {
      const { body, yaw, pitch } = rigRef.current;
      current.offer({ x: body.x, y: body.y, z: body.z, yaw, pitch });
    };
    const timer = setInterval(offer, POSE_EVERY_MS);
    window.addEventListener('pagehide', close);
    return () => {
      clearTimeout(handOut);
      clearInterval(timer);
      window.removeEventListener('pagehide', close);
      close();
      setChannel(null);
    };
  }, [topic, clientId, rigRef]);

  return channel;
}
