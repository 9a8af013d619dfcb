import { useEffect, useMemo, useRef, useState } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { BoxGeometry, CanvasTexture, Float32BufferAttribute, LinearFilter, type Group } from 'three';
import { FACE_SHADE } from './chunkGeometry';
import { PLAYER } from '../index';
import type { AvatarChannel } from './avatarChannel';

/** A player others can see: their presence client id, name and presence colour name. */
export type AvatarPerson = { clientId: number; name: string; color: string };

/** The presence colours as avatar paint. */
export const AVATAR_COLORS: Record<string, string> = {
  orange: '#f08a24',
  blue: '#2f6fe0',
  yellow: '#f2cf1d',
  green: '#38a84a',
  red: '#d8342c',
};

function nameTexture(name: string): { texture: CanvasTexture; aspect: number } {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  const font = 'bold 36px system-ui, sans-serif';
  if (ctx) ctx.font = font;
  canvas.width = ctx ? Math.ceil(ctx.measureText(name).width) + 24 : 128;
  canvas.height = 52;
  if (ctx) {
    ctx.fillStyle = 'rgba(0,0,0,0.55)';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.font = font;
    ctx.fillStyle = '#ffffff';
    ctx.textBaseline = 'middle';
    ctx.fillText(name, 12, 27);
  }
  const texture = new CanvasTexture(canvas);
  texture.minFilter = LinearFilter;
  texture.generateMipmaps = false;
  return { texture, aspect: canvas.width / canvas.height };
}

const boxes = new Map<string, BoxGeometry>();

/** A box whose faces carry the world's fixed shades as vertex colours, so avatars look lit like the blocks, unlit. */
function shadedBox(w: number, h: number, d: number): BoxGeometry {
  const key = `${w},${h},${d}`;
  let box = boxes.get(key);
  if (!box) {
    box = new BoxGeometry(w, h, d);
    // BoxGeometry lays out its 24 vertices face by face in the same order as FACE_SHADE.
    const shades = FACE_SHADE.flatMap((shade) => Array<number>(12).fill(shade));
    box.setAttribute('color', new Float32BufferAttribute(shades, 3));
    boxes.set(key, box);
  }
  return box;
}

// Closes most of the gap to the last heard pose each frame: poses come ten times a second, frames sixty.
const FOLLOW_RATE = 12;

function Avatar({ person, channel }: { person: AvatarPerson; channel: AvatarChannel }) {
  const group = useRef<Group>(null);
  const head = useRef<Group>(null);
  const placed = useRef(false);
  const invalidate = useThree((s) => s.invalidate);
  const label = useMemo(() => nameTexture(person.name), [person.name]);
  useEffect(() => () => label.texture.dispose(), [label]);
  const paint = AVATAR_COLORS[person.color] ?? person.color;

  useFrame((_, delta) => {
    const heard = channel.avatars().get(person.clientId);
    if (!heard || !group.current || !head.current) return;
    const { x, y, z, yaw, pitch } = heard.pose;
    const g = group.current;
    const k = placed.current ? 1 - Math.exp(-FOLLOW_RATE * Math.min(delta, 0.1)) : 1;
    placed.current = true;
    g.position.set(
      g.position.x + (x - g.position.x) * k,
      g.position.y + (y - g.position.y) * k,
      g.position.z + (z - g.position.z) * k,
    );
    let turnBy = yaw - g.rotation.y;
    turnBy = Math.atan2(Math.sin(turnBy), Math.cos(turnBy));
    g.rotation.y += turnBy * k;
    head.current.rotation.x = pitch;
    const gap = Math.abs(x - g.position.x) + Math.abs(y - g.position.y) + Math.abs(z - g.position.z);
    if (gap > 1e-3 || Math.abs(turnBy) > 1e-3) invalidate();
  });

  const h = PLAYER.height;
  const part = (
    size: readonly [number, number, number],
    at: readonly [number, number, number],
    color: string,
  ) => (
    <mesh position={at} geometry={shadedBox(...size)} dispose={null}>
      <meshBasicMaterial color={color} vertexColors />
    </mesh>
  );
  return (
    <group ref={group} name={`avatar-${person.clientId}`}>
      {part([0.5, 0.7, 0.28], [0, 0.35, 0], '#3b4a6b')}
      {part([0.56, 0.7, 0.32], [0, 1.05, 0], paint)}
      {part([0.16, 0.66, 0.2], [-0.36, 1.06, 0], paint)}
      {part([0.16, 0.66, 0.2], [0.36, 1.06, 0], paint)}
      <group ref={head} position={[0, h - 0.3, 0]}>
        {part([0.46, 0.46, 0.46], [0, 0, 0], '#f0cfa8')}
        {part([0.08, 0.08, 0.02], [-0.1, 0.04, -0.235], '#202020')}
        {part([0.08, 0.08, 0.02], [0.1, 0.04, -0.235], '#202020')}
        {part([0.48, 0.1, 0.48], [0, 0.2, 0], paint)}
      </group>
      <sprite position={[0, h + 0.35, 0]} scale={[0.3 * label.aspect, 0.3, 1]}>
        <spriteMaterial map={label.texture} transparent depthWrite={false} />
      </sprite>
    </group>
  );
}

/** The other players in the world, in their presence colour with their name above, moving smoothly between poses. */
export default function Avatars({
  channel,
  people,
}: {
  channel: AvatarChannel | null;
  people: readonly AvatarPerson[];
}) {
  const invalidate = useThree((s) => s.invalidate);
  const [heardIds, setHeardIds] = useState<readonly number[]>([]);

  useEffect(() => {
    if (!channel) return;
    const refresh = () => {
      const ids = [...channel.avatars().keys()].sort((a, b) => a - b);
      setHeardIds((old) => (old.join() === ids.join() ? old : ids));
      invalidate();
    };
    const stop = channel.subscribe(refresh);
    // Timeouts only show when nothing arrives, so look again now and then.
    const timer = setInterval(refresh, 1000);
    refresh();
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [channel, invalidate]);

  if (!channel) return null;
  return (
    <>
      {people
        .filter((p) => heardIds.includes(p.clientId))
        .map((p) => (
          <Avatar key={p.clientId} person={p} channel={channel} />
        ))}
    </>
  );
}
