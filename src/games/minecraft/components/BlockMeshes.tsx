import { useLayoutEffect, useRef } from 'react';
import { useThree } from '@react-three/fiber';
import { BoxGeometry, Matrix4, type InstancedMesh } from 'three';
import { BLOCK_TYPES, type BlockType } from '../index';
import { blockMaterials } from './materials';

const BOX = new BoxGeometry(1, 1, 1);

// Capacity grows in powers of two, so a growing build rebuilds its mesh a handful of times, not on every block.
const capacityFor = (count: number) => {
  let capacity = 256;
  while (capacity < count) capacity *= 2;
  return capacity;
};

function BlockLayer({ type, positions }: { type: BlockType; positions: readonly number[] }) {
  const ref = useRef<InstancedMesh>(null);
  const invalidate = useThree((s) => s.invalidate);
  const count = positions.length / 3;
  const capacity = capacityFor(count);

  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    const matrix = new Matrix4();
    for (let i = 0; i < count; i++) {
      matrix.makeTranslation(positions[3 * i] + 0.5, positions[3 * i + 1] + 0.5, positions[3 * i + 2] + 0.5);
      mesh.setMatrixAt(i, matrix);
    }
    mesh.count = count;
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
    invalidate();
  }, [positions, count, capacity, invalidate]);

  return (
    <instancedMesh
      key={capacity}
      ref={ref}
      args={[BOX, blockMaterials(type), capacity]}
      renderOrder={type === 'glass' ? 1 : 0}
      // The geometry and materials are shared by every layer and outlive this mesh.
      dispose={null}
    />
  );
}

/** Every block of the world: one instanced mesh per block kind, never a component per block. */
export default function BlockMeshes({ byType }: { byType: Record<BlockType, number[]> }) {
  return (
    <>
      {BLOCK_TYPES.map((type) => (
        <BlockLayer key={type} type={type} positions={byType[type]} />
      ))}
    </>
  );
}
