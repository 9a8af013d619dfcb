import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { useRoomEphemeral } from '../../../src/app/hooks';
import { RoomContext } from '../../../src/app/room/roomContext';
import type { RoomConnection } from '../../../src/app/room/connectRoom';

function readChannel(into: { seen?: unknown }) {
  return function ReadsTheChannel() {
    into.seen = useRoomEphemeral();
    return null;
  };
}

describe('useRoomEphemeral', () => {
  it('gives null outside a room', () => {
    const into: { seen?: unknown } = {};
    const Reader = readChannel(into);
    renderToString(<Reader />);
    expect(into.seen).toBeNull();
  });

  it('gives null while the room connects', () => {
    const into: { seen?: unknown } = {};
    const Reader = readChannel(into);
    renderToString(
      <RoomContext.Provider value={null}>
        <Reader />
      </RoomContext.Provider>,
    );
    expect(into.seen).toBeNull();
  });

  it("gives the connected room's ephemeral channel", () => {
    const ephemeral = { broadcast() {}, subscribe: () => () => {} };
    const connection = { ephemeral } as unknown as RoomConnection;
    const into: { seen?: unknown } = {};
    const Reader = readChannel(into);
    renderToString(
      <RoomContext.Provider value={connection}>
        <Reader />
      </RoomContext.Provider>,
    );
    expect(into.seen).toBe(ephemeral);
  });
});
