/**
 * The room document's saved genesis for GAME_NAMES, i.e. genesisBinary(GAME_NAMES), written out here because building
 * it was the first Automerge work of every page opening a room: ~50 ms of wasm run cold, before the room could show.
 * test/unit/app/roomGenesis.test.ts keeps it equal to genesisBinary(GAME_NAMES) and prints the new value when a game
 * is added.
 */
export const ROOM_GENESIS_HEX =
  '856f4a83bcd1830000fd01011000000000000000000000000000000000016b2ba83f75f1d5630fe3b58f892e199b7847abd3570b1febf2720eae33da9d46070102030213022302350940025602090104020415722102230c3401420456028001027f007f017f0b7f007f0767656e657369737f007f07000605000006050175106261636b67616d6d6f6e2d737461746508676f2d7374617465046c6f67730f6d696e6563726166742d73746174650a6f6b65792d73746174650f746963746163746f652d73746174650a6261636b67616d6d6f6e02676f096d696e656372616674046f6b657909746963746163746f650b007508037608017d7c037e017d0b060005020b000b0000';

/** ROOM_GENESIS_HEX as bytes. */
export const roomGenesis = (): Uint8Array =>
  Uint8Array.from(ROOM_GENESIS_HEX.match(/../g) ?? [], (byte) => parseInt(byte, 16));
