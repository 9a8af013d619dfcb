import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { RootState as FiberState } from '@react-three/fiber';
import { useGameDispatch, useGameSelector, useMe, usePeople, useRoomEphemeral } from '../../world';
import {
  aimFrom,
  blockPlaced,
  blockRemoved,
  placementFor,
  removalFor,
  type BlockType,
  type Vec3,
} from '../index';
import type { Refusal } from '../../../sync/log/SyncedGame';
import { englishText } from '../../../i18n/reasons';
import Hud from './Hud';
import { minecraft } from '../slice';
import { makeRig } from './rig';
import Scene from './Scene';
import { useAvatarChannel } from './useAvatarChannel';
import { useControls, type UseKind } from './useControls';
import { useTestHook } from './testHook';

const HINT_MS = 1600;

/** The Minecraft screen: a shared first-person block world filling the detail area, with its HUD. */
export default function Board() {
  const dispatch = useGameDispatch();
  const me = useMe();
  const state = useGameSelector(minecraft.selectState);
  const present = usePeople();
  const rigRef = useRef(makeRig());
  const [selected, setSelected] = useState<BlockType>('dirt');
  const [hint, setHint] = useState<Refusal | null>(null);
  const [fixedDpr, setFixedDpr] = useState<number | null>(null);
  const world = useRef(state);
  const root = useRef<FiberState | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const channel = useAvatarChannel(useRoomEphemeral(), me?.clientId ?? null, rigRef);

  useEffect(() => {
    world.current = state;
  }, [state]);
  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(null), HINT_MS);
    return () => clearTimeout(timer);
  }, [hint]);

  const people = useMemo(() => present.filter((p) => p.clientId !== me?.clientId), [present, me?.clientId]);

  const act = useCallback(
    (kind: UseKind): string | null => {
      const current = world.current;
      const rig = rigRef.current;
      const feet: Vec3 = [rig.body.x, rig.body.y, rig.body.z];
      const hit = aimFrom(current, feet, rig.yaw, rig.pitch);
      // Positions are ephemeral, so "not inside a player" can only be checked here, against the poses this tab knows.
      const others = [...(channel?.avatars().values() ?? [])].map(({ pose }): Vec3 => [
        pose.x,
        pose.y,
        pose.z,
      ]);
      const aimed =
        kind === 'place' ? placementFor(current, hit, selected, [feet, ...others]) : removalFor(current, hit);
      if (!aimed.ok) {
        setHint(aimed.reason);
        return englishText(aimed.reason);
      }
      if (!me) return 'Not connected yet';
      const [x, y, z] = aimed.cell;
      dispatch(
        kind === 'place'
          ? blockPlaced({ ...me, x, y, z, block: selected })
          : blockRemoved({ ...me, x, y, z }),
      );
      return null;
    },
    [channel, selected, me, dispatch],
  );

  const locked = useControls(wrapper, rigRef, { onUse: act, onSelect: setSelected });
  useTestHook({
    world,
    rigRef,
    root,
    channel,
    act,
    select: setSelected,
    fixResolution: setFixedDpr,
  });

  return (
    <Box
      ref={wrapper}
      data-testid="minecraft-world"
      sx={{
        position: 'relative',
        height: '100%',
        minHeight: 360,
        overflow: 'hidden',
        userSelect: 'none',
        cursor: locked ? 'none' : 'pointer',
      }}
    >
      <Scene
        state={state}
        rigRef={rigRef}
        world={world}
        channel={channel}
        people={people}
        fixedDpr={fixedDpr}
        onCreated={(r) => {
          root.current = r;
        }}
      />
      <Hud selected={selected} locked={locked} hint={hint} onSelect={setSelected} />
    </Box>
  );
}
