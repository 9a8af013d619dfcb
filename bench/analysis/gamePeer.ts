/**
 * One Node peer of the analysis scripts: a Repo on an in-memory network, the room open and a game (Okey unless given)
 * served by a bridge.
 */
import type { PeerId } from '@automerge/automerge-repo';
import type { UnknownAction } from '@reduxjs/toolkit';
import { GAME_NAMES } from '../../src/app/games';
import { okeyGame } from '../../src/games/okey';
import { GameBridge } from '../../src/sync/log/GameBridge';
import type { SyncedGame } from '../../src/sync/log/SyncedGame';
import { openRoom } from '../../src/sync/document/RoomDocument';
import { createRoomRepo } from '../../src/sync/document/roomRepo';
import type { TestNetwork } from '../../test/helpers/TestNetwork';
import { webCryptoSigner } from '../../test/helpers/signing';
import { userIdOfKey } from '../../src/sync/signing/signatures';

/** Opens roomName as peer `id` on the network, with a bridge serving the game (its store dispatch goes nowhere). */
export async function gamePeer(
  network: TestNetwork,
  id: string,
  roomName: string,
  game: SyncedGame<unknown> = okeyGame as SyncedGame<unknown>,
) {
  const repo = createRoomRepo({ network: [network.adapter()], peerId: id as PeerId });
  const room = await openRoom({ repo, roomName, gameNames: GAME_NAMES });
  // Signed as the app signs: a seated player's actions carry a signature (docs/fair-play.md).
  const signer = webCryptoSigner();
  const bridge = new GameBridge({ room, dispatch: (a: UnknownAction) => a, roomName, signer: () => signer });
  bridge.addGame(game);
  // The user id the app gives whoever signs with this key: a seat is taken only in that name.
  const userId = userIdOfKey((await signer).key);
  return { repo, room, bridge, userId };
}

/** Shuts the peers down. */
export async function closeGamePeers(peers: readonly Awaited<ReturnType<typeof gamePeer>>[]): Promise<void> {
  for (const p of peers) {
    p.bridge.dispose();
    p.room.dispose();
    await p.repo.shutdown();
  }
}
