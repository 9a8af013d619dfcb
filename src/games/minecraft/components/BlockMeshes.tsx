import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { BoxGeometry, InstancedMesh, Matrix4 } from 'three';
import { BLOCK_TYPES, type BlockType } from '../index';
import { blockMaterials } from './materials';

const BOX = new BoxGeometry(1, 1, 1);

// Capacity grows in powers of two, so a growing build rebuilds its mesh a handful of times, not on every block.
const capacityFor = (count: number) => {
  let capacity = 256;
  while (capacity < count) capacity *= 2;
  return capacity;
};

function makeLayer(type: BlockType, capacity: number): InstancedMesh {
  const mesh = new InstancedMesh(BOX, blockMaterials(type), capacity);
  mesh.count = 0;
  // Glass is translucent: drawn after every opaque block so they show through it.
  mesh.renderOrder = type === 'glass' ? 1 : 0;
  return mesh;
}

function fillLayer(mesh: InstancedMesh, positions: readonly number[]): void {
  const matrix = new Matrix4();
  const count = positions.length / 3;
  for (let i = 0; i < count; i++) {
    matrix.makeTranslation(positions[3 * i] + 0.5, positions[3 * i + 1] + 0.5, positions[3 * i + 2] + 0.5);
    mesh.setMatrixAt(i, matrix);
  }
  mesh.count = count;
  mesh.instanceMatrix.needsUpdate = true;
  mesh.computeBoundingSphere();
}

function BlockLayer({ type, positions }: { type: BlockType; positions: readonly number[] }) {
  const invalidate = useThree((s) => s.invalidate);
  const capacity = capacityFor(positions.length / 3);
  const mesh = useMemo(() => makeLayer(type, capacity), [type, capacity]);
  useEffect(() => () => mesh.dispose(), [mesh]);
  useLayoutEffect(() => {
    fillLayer(mesh, positions);
    invalidate();
  }, [mesh, positions, invalidate]);
  // The geometry and materials are shared by every layer and outlive this mesh.
  return <primitive object={mesh} dispose={null} />;
}

/** Every placed block: one instanced mesh per block kind, never a component per block. */
export default function BlockMeshes({ byType }: { byType: Record<BlockType, number[]> }) {
  return (
    <>
      {BLOCK_TYPES.map((type) => (
        <BlockLayer key={type} type={type} positions={byType[type]} />
      ))}
    </>
  );
}
