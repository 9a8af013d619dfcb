import { describe, expect, it } from 'vitest';
import { CHUNKS, worldChunks, type ChunkFaces } from '../../../../../src/games/minecraft/rules/faces';
import { BLOCK_TYPES, CHUNK, placeBlock, worldOf } from '../../../../../src/games/minecraft/rules/world';

const world = worldOf;
const chunkAt = (chunks: ChunkFaces[], x: number, z: number) =>
  chunks[Math.floor(x / CHUNK) * CHUNKS.z + Math.floor(z / CHUNK)];

/** The faces of one block as [direction, kind] pairs, sorted. */
function facesOf(list: number[], x: number, y: number, z: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; i += 5)
    if (list[i] === x && list[i + 1] === y && list[i + 2] === z)
      out.push(`${list[i + 3]}:${BLOCK_TYPES[list[i + 4]]}`);
  return out.sort();
}

describe('worldChunks', () => {
  it('draws a fresh world as grass tops only, one per column', () => {
    const chunks = worldChunks(world({}));
    expect(chunks).toHaveLength(CHUNKS.x * CHUNKS.z);
    for (const c of chunks) {
      expect(c.opaque.length / 5).toBe(CHUNK * CHUNK);
      expect(c.glass).toEqual([]);
    }
    expect(facesOf(chunks[0].opaque, 3, 0, 4)).toEqual(['2:grass']);
  });

  it('shows a lone block on the floor on five sides, and hides the grass top under it', () => {
    const chunk = chunkAt(worldChunks(world({ '5,1,5': 'wood' })), 5, 5);
    expect(facesOf(chunk.opaque, 5, 1, 5)).toEqual(['0:wood', '1:wood', '2:wood', '4:wood', '5:wood']);
    expect(facesOf(chunk.opaque, 5, 0, 5)).toEqual([]);
  });

  it('hides the faces two stacked blocks share', () => {
    const chunk = chunkAt(worldChunks(world({ '5,1,5': 'log', '5,2,5': 'log' })), 5, 5);
    expect(facesOf(chunk.opaque, 5, 1, 5)).not.toContain('2:log');
    expect(facesOf(chunk.opaque, 5, 2, 5)).not.toContain('3:log');
  });

  it('shows what is behind glass, keeps glass apart, and merges touching panes', () => {
    const chunk = chunkAt(worldChunks(world({ '5,1,5': 'dirt', '6,1,5': 'glass', '7,1,5': 'glass' })), 5, 5);
    expect(facesOf(chunk.opaque, 5, 1, 5)).toContain('0:dirt');
    expect(facesOf(chunk.glass, 6, 1, 5)).toEqual(['2:glass', '4:glass', '5:glass']);
    expect(facesOf(chunk.glass, 7, 1, 5)).toEqual(['0:glass', '2:glass', '4:glass', '5:glass']);
  });

  it('draws a dug hole with a dirt bottom and grass walls, and never a face toward the world edge', () => {
    const chunk = worldChunks(world({ '0,0,0': 'air', '1,0,0': 'dirt', '0,0,1': 'glass' }))[0];
    expect(facesOf(chunk.opaque, 0, -1, 0)).toEqual(['2:dirt']);
    expect(facesOf(chunk.opaque, 1, 0, 0)).toEqual(['1:dirt', '2:dirt']);
    expect(facesOf(chunk.glass, 0, 0, 1)).toEqual(['2:glass', '5:glass']);
  });

  it('reuses every chunk an edit did not touch, rebuilding only the edited chunk and its neighbours', () => {
    const start = world({ '20,1,20': 'dirt' });
    const before = worldChunks(start);
    expect(worldChunks(start, before).every((c, i) => c === before[i])).toBe(true);
    const placed = placeBlock(start, {
      by: { id: 'a', name: 'A' },
      clientId: 1,
      x: 15,
      y: 1,
      z: 3,
      block: 'log',
    });
    const edited = worldChunks(placed.ok ? placed.state : start, before);
    const changed = edited.flatMap((c, i) => (c === before[i] ? [] : [`${c.cx},${c.cz}`]));
    expect(changed).toEqual(['0,0', '0,1', '1,0']);
    expect(facesOf(edited[0].opaque, 15, 1, 3)).toContain('0:log');
  });
});
