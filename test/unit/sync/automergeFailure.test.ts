import { describe, expect, it } from 'vitest';
import { isAutomergeFailure } from '../../../src/sync/document/openRoomDocument';

describe('isAutomergeFailure', () => {
  it("knows Automerge's wasm failures from other errors", () => {
    const trap = new Error('unreachable');
    trap.name = 'RuntimeError';
    expect(isAutomergeFailure(trap)).toBe(true);
    expect(
      isAutomergeFailure(
        new Error('recursive use of an object detected which would lead to unsafe aliasing in rust'),
      ),
    ).toBe(true);
    expect(isAutomergeFailure(new Error('null pointer passed to rust'))).toBe(true);
    expect(isAutomergeFailure(new Error('Not your turn'))).toBe(false);
    expect(isAutomergeFailure('recursive use of an object')).toBe(false);
  });
});
