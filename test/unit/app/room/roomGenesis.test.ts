import { describe, expect, it } from 'vitest';
import { GAME_NAMES } from '../../../../src/app/games';
import { ROOM_GENESIS_HEX, roomGenesis } from '../../../../src/app/room/roomGenesis';
import { genesisBinary } from '../../../../src/sync/document/roomIdentity';

describe('the written-out room genesis', () => {
  it('is the genesis of GAME_NAMES, byte for byte', () => {
    const expected = Buffer.from(genesisBinary(GAME_NAMES)).toString('hex');
    expect(
      ROOM_GENESIS_HEX,
      `GAME_NAMES changed: set ROOM_GENESIS_HEX in src/app/room/roomGenesis.ts to '${expected}'`,
    ).toBe(expected);
    expect(roomGenesis()).toEqual(genesisBinary(GAME_NAMES));
  });
});
