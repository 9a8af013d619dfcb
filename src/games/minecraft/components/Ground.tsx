import { useEffect, useMemo } from 'react';
import { groundGeometry } from './groundGeometry';
import { groundMaterials } from './materials';

/** The generated grass floor with any holes dug in it, one mesh rebuilt only when the floor layer changes. */
export default function Ground({ cells }: { cells: string }) {
  const geometry = useMemo(() => groundGeometry(cells), [cells]);
  const materials = useMemo(() => groundMaterials(), []);
  useEffect(() => () => geometry.dispose(), [geometry]);
  return <mesh geometry={geometry} material={materials} dispose={null} />;
}
