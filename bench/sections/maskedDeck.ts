/**
 * The hidden tiles' cryptography in Node (docs/hidden-tiles.md): one seat's shuffle of the 106 Okey tiles, one share
 * and one sealed share with their proofs, a sealed share's check, the whole check of a four-seat round at its end,
 * and a recorded four-seat Okey round folded by the rules as a late joiner's page folds it.
 */
import { readFileSync } from 'node:fs';
import { okeyGame } from '../../src/games/okey/index';
import type { OkeyState } from '../../src/games/okey/rules/types';
import { parseActionLog } from '../../src/sync/log/actionLog';
import { ciphertextAt } from '../../src/games/shared/maskedDeck/deck';
import { jointKey } from '../../src/games/shared/maskedDeck/keys';
import { checkRound, checkShufflesOf } from '../../src/games/shared/maskedDeck/round';
import { sealShare, verifySealedShare } from '../../src/games/shared/maskedDeck/sealed';
import { decryptionShare } from '../../src/games/shared/maskedDeck/shares';
import { shuffleDeck } from '../../src/games/shared/maskedDeck/shuffle';
import {
  openToAll,
  openToOne,
  revealToAll,
  shuffledRound,
  tableSeats,
  withOpenings,
} from '../../test/helpers/maskedDeckTable';
import { figure, samplesOf, type Figure } from '../figure';

const SECTION = 'maskedDeck';
const OKEY_TILES = 106;
const SEATS = ['north', 'east', 'south', 'west'];
/** Draws in the measured round: six a seat, a short Okey round. */
const DRAWS = 24;

const timed = (runs: number, act: (i: number) => unknown): number[] =>
  Array.from({ length: runs }, (_, i) => {
    const start = performance.now();
    act(i);
    return performance.now() - start;
  });

/** A four-seat round as its check finds it at the end: every tile dealt or drawn, then all of them opened to all. */
function endedRound() {
  const round = shuffledRound(tableSeats(SEATS), OKEY_TILES);
  const deal = [15, 14, 14, 14];
  const openings = deal.flatMap((count, i) => Array.from({ length: count }, () => SEATS[i]));
  for (let d = 0; d < DRAWS; d++) openings.push(SEATS[(d + 1) % SEATS.length]);
  const tiles = openings.map((seat, position) => revealToAll(round, openToOne(round, position, seat)));
  const indicator = openToAll(round, openings.length);
  return withOpenings(round, [indicator, ...tiles]);
}

/**
 * A recorded Okey fixture folded by the game's one apply, every signature and proof checked: the ms it took. Pages
 * remember what they checked, so a round is folded cold only once per process.
 */
function foldFixture(name: string): number {
  const file = new URL(`../../test/fixtures/okey/${name}.log.json`, import.meta.url);
  const actions = parseActionLog(readFileSync(file, 'utf8'));
  let state: OkeyState = okeyGame.initialState;
  const start = performance.now();
  for (const action of actions) {
    const result = okeyGame.apply(state, action);
    if (result.ok) state = result.state;
  }
  return performance.now() - start;
}

/** The figures: ms per operation, medians of several runs. */
export function runMaskedDeck(): Figure[] {
  const round = shuffledRound(tableSeats(SEATS), OKEY_TILES);
  const [north, east] = round.seats;
  const ciphertext = (i: number) => ciphertextAt(round.deck, i % OKEY_TILES)!;
  const context = (i: number) => ({
    room: 'room-1',
    round: 1,
    position: i % OKEY_TILES,
    seat: 'east',
    receiver: 'north',
  });
  const joint = jointKey(round.seats.map((s) => s.key.key))!;
  const shuffles = timed(samplesOf(10, 3), (i) => {
    const seed = new Uint8Array(32).fill(i + 1);
    shuffleDeck(round.deck, joint, seed);
  });
  const runs = samplesOf(60, 10);
  const shares = timed(runs, (i) =>
    decryptionShare(east.key, ciphertext(i), { ...context(i), receiver: null }),
  );
  const sealed = Array.from({ length: runs }, (_, i) =>
    sealShare(east.key, ciphertext(i), north.key.key, east.sealSeed, context(i))!,
  );
  const seals = timed(runs, (i) =>
    sealShare(east.key, ciphertext(i), north.key.key, east.sealSeed, context(i)),
  );
  const checks = timed(runs, (i) =>
    verifySealedShare(east.key.key, ciphertext(i), north.key.key, sealed[i], context(i)),
  );
  const ended = endedRound();
  const roundChecks = timed(samplesOf(3, 1), () => {
    if (!checkRound(ended).ok) throw new Error('The measured round does not check');
  });
  // What the table checks at the round's end: the shuffles, against the seeds revealed (each opening was checked as it
  // came, when its move was taken).
  const endChecks = timed(samplesOf(6, 2), () => {
    if (!checkShufflesOf(ended).ok) throw new Error('The measured round does not check');
  });
  // The two-player fixture first: the code warms up on proofs the measured round does not hold.
  foldFixture('two-players');
  const roundFold = [foldFixture('four-players-and-a-bot')];
  return [
    figure(SECTION, "one seat's shuffle of 106 tiles", 'ms', shuffles),
    figure(SECTION, 'a share with its proof', 'ms', shares),
    figure(SECTION, 'a sealed share with its proof', 'ms', seals),
    figure(SECTION, "a sealed share's check", 'ms', checks),
    figure(SECTION, "a four-seat round's whole check", 'ms', roundChecks, {
      detail: { tilesOpened: ended.openings.length, draws: DRAWS },
    }),
    figure(
      SECTION,
      "a four-seat round's check at its end, as the table makes it: the shuffles",
      'ms',
      endChecks,
      {
        targets: [{ stat: 'median', max: 1000 }],
      },
    ),
    figure(
      SECTION,
      "a recorded four-seat round folded by Okey's rules, every signature and proof checked (a late joiner's part)",
      'ms',
      roundFold,
    ),
  ];
}
