import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { useRoomConnection } from '../../../../src/app/room/RoomProvider';

function NeedsTheRoom() {
  useRoomConnection();
  return null;
}

describe('a room-dependent part', () => {
  it('fails with "Could not retrieve a document." when used outside its room document context', () => {
    expect(() => renderToString(<NeedsTheRoom />)).toThrow(
      /^Could not retrieve a document\. Please place this component inside a <RoomProvider>/,
    );
  });
});
