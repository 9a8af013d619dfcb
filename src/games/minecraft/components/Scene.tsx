import { useMemo, useRef, type RefObject } from 'react';
import { Canvas, useFrame, type RootState } from '@react-three/fiber';
import { BoxGeometry, EdgesGeometry, type LineSegments } from 'three';
import { aimFrom, bodyCollides, bodySolid, PLAYER, stepBody, type MinecraftState } from '../index';
import AdaptiveResolution from './AdaptiveResolution';
import Avatars, { type AvatarPerson } from './Avatars';
import type { AvatarChannel } from './avatarChannel';
import ChunkMeshes from './ChunkMeshes';
import { inputOf, type Rig } from './rig';

const SKY = '#9fd0ff';
const OUTLINE = new EdgesGeometry(new BoxGeometry(1.004, 1.004, 1.004));

/** Walks the player each frame, puts the camera at their eyes and outlines the block under the crosshair. */
function PlayerView({ rigRef, world }: { rigRef: RefObject<Rig>; world: RefObject<MinecraftState> }) {
  const outline = useRef<LineSegments>(null);

  useFrame(({ camera, invalidate }, delta) => {
    const rig = rigRef.current;
    const state = world.current;
    const solid = bodySolid(state);
    const input = inputOf(rig);
    const { body } = rig;
    // Frames run only on demand: simulate while a key is held or nothing holds the player up (a dug-out floor).
    const active =
      input.forward !== 0 ||
      input.right !== 0 ||
      input.jump ||
      body.vy !== 0 ||
      !bodyCollides(solid, body.x, body.y - 0.01, body.z);
    if (active) rig.body = stepBody(solid, body, input, rig.moving ? delta : 1 / 60);
    rig.moving = active;
    camera.position.set(rig.body.x, rig.body.y + PLAYER.eyeHeight, rig.body.z);
    // Yaw first, then pitch about the turned axis: a first-person view that never rolls.
    camera.rotation.set(rig.pitch, rig.yaw, 0, 'YXZ');
    const hit = aimFrom(state, [rig.body.x, rig.body.y, rig.body.z], rig.yaw, rig.pitch);
    if (outline.current) {
      outline.current.visible = hit !== null;
      if (hit) outline.current.position.set(hit.block[0] + 0.5, hit.block[1] + 0.5, hit.block[2] + 0.5);
    }
    if (active) invalidate();
  });

  return (
    <lineSegments ref={outline} geometry={OUTLINE} dispose={null}>
      <lineBasicMaterial color="#111111" />
    </lineSegments>
  );
}

/** What the scene draws: the world, this tab's player rig and world, and the other players. */
export type SceneProps = {
  state: MinecraftState;
  rigRef: RefObject<Rig>;
  world: RefObject<MinecraftState>;
  channel: AvatarChannel | null;
  people: readonly AvatarPerson[];
  onCreated?: (root: RootState) => void;
  /** A fixed pixel ratio (benchmarks), or null to start at 1 and lower it while frames are slow. */
  fixedDpr?: number | null;
};

/**
 * The 3D world in a canvas. Frames are drawn on demand (a move, a look, a change of the world, an avatar moving), so
 * a still world costs no CPU, which matters with several tabs on software WebGL.
 */
export default function Scene({
  state,
  rigRef,
  world,
  channel,
  people,
  onCreated,
  fixedDpr = null,
}: SceneProps) {
  const gl = useMemo(() => ({ antialias: false, powerPreference: 'high-performance' as const }), []);
  return (
    <Canvas
      frameloop="demand"
      // No tone mapping and no colour-space conversion: pixel-art colours go to the screen as drawn, and software
      // WebGL saves the per-pixel work.
      flat
      linear
      // Colours as written (no sRGB-to-linear conversion of hex values), to match the textures drawn in canvas.
      legacy
      dpr={fixedDpr ?? 1}
      gl={gl}
      camera={{ fov: 75, near: 0.05, far: 160 }}
      onCreated={onCreated}
      // Upscaled when the resolution drops: crisp pixels suit the pixel art better than a blur.
      style={{ position: 'absolute', inset: 0, imageRendering: 'pixelated' }}
    >
      <color attach="background" args={[SKY]} />
      <fog attach="fog" args={[SKY, 40, 110]} />
      <ChunkMeshes state={state} />
      <PlayerView rigRef={rigRef} world={world} />
      <Avatars channel={channel} people={people} />
      {fixedDpr === null && <AdaptiveResolution rigRef={rigRef} />}
    </Canvas>
  );
}
