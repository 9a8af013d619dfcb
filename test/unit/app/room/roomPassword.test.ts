import { describe, expect, it } from 'vitest';
import { privateRoomHash, roomPassword } from '../../../../src/app/room/roomPassword';

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

describe('the room password', () => {
  it('comes from the link fragment and is remembered for the room in this tab', () => {
    const storage = memory();
    expect(roomPassword('abc123', privateRoomHash('s3cret&x'), storage)).toBe('s3cret&x');
    expect(roomPassword('abc123', '', storage)).toBe('s3cret&x');
    expect(roomPassword('other1', '', storage)).toBeNull();
  });

  it.each([
    { name: 'no fragment', hash: '' },
    { name: 'another fragment', hash: '#section' },
    { name: 'an empty key', hash: '#key=' },
  ])('is absent for a public link: $name', ({ hash }) => {
    expect(roomPassword('abc123', hash, memory())).toBeNull();
  });
});
