import type { RuleKey } from '../../../i18n/reasons';
import type { Refusal } from '../../shared/kinds';
import {
  actorIdOf,
  applyOf,
  isActor,
  seatOfActor,
  withNumber,
  type ActionEntry,
  type Loose,
  type PayloadsOf,
} from '../../shared/actionTable';
import { MESSAGES, QUIET_REASONS } from './messages';
import { isDeparture } from '../../shared/departures';
import {
  addBot,
  arrangeHand,
  departSeat,
  removeBot,
  flipTile,
  takeOverBot,
  leaveSeat,
  moveTile,
  rebindSeat,
  seatById,
  seatOfUser,
  takeSeat,
} from './seats';
import { showIndicator } from './match';
import { isBotsMove, type BotMove } from './bot';
import { requestDeal, timeOutDeal, withheld } from './deal';
import { deckAwaited } from './deck';
import {
  disputeSeal,
  keyDeck,
  revealDeckSeed,
  sealTiles,
  shareIndicator,
  shuffleDeckBy,
} from './maskedRound';
import { voidRound } from './openings';
import { endingBotMoves, keepingBotMoves } from './maskedBots';
import { resetGame, startNewGame } from './setup';
import { declareFinish, discardTile, drawTile, setTurnTimer, timeOutTurn } from './turn';
import type { OkeyState, Result } from './types';

/** The slice name; every Okey action type starts with 'okey/'. */
export const OKEY = 'okey';

const withTile = (p: unknown) => isActor(p) && typeof p.tileId === 'string';
// The masked deck's messages: their texts are the table's to check (docs/hidden-tiles.md).
const withTexts =
  (...fields: string[]) =>
  (p: unknown) =>
    isActor(p) && fields.every((f) => typeof p[f] === 'string');
// A chosen order is only ever taken in a test build (chosenLuckAllowed); the rules refuse it elsewhere.
const withOptionalOrder = (p: unknown) => isActor(p) && (p.order === undefined || Array.isArray(p.order));

/**
 * A rule that may free a seat while a deal is drawn: a seat that leaves while the masked deal awaits its part withholds
 * it (the deal is called off and the seat loses the round).
 */
const thenDeal =
  <P>(rule: (state: OkeyState, payload: P, room: string) => Result<OkeyState>) =>
  (state: OkeyState, payload: P, room: string): Result<OkeyState> => {
    const result = rule(state, payload, room);
    if (!result.ok) return result;
    const awaited = deckAwaited(state);
    const left = state.players.filter(
      (seat) => awaited.includes(seat.id) && seatById(result.state, seat.id)?.user === null,
    );
    return left.length > 0 ? { ok: true, state: withheld(result.state, left) } : result;
  };

/**
 * The check of a move a bot's seat may make only as the bot makes it (isBotsMove); a person's seat is judged as it is.
 * Costly (the bot's choice, played again), and on the state before the move alone: a move's `check`.
 */
const asTheBot =
  (event: BotMove['event'] | 'tileMoved' | 'tileFlipped' | 'indicatorShown') =>
  (state: OkeyState, payload: Loose): Result<OkeyState> | null =>
    isBotsMove(state, actorIdOf(payload), event, payload)
      ? null
      : { ok: false, reason: QUIET_REASONS.notTheBotsMove };

// A bot's seat is bound to the signing key of the page that adds it or takes over driving it.
const boundBotSeat = (_after: OkeyState, p: Loose): string => String(p.seatId);

/** The seat (its id as text) whose user acts in this payload, or null: Okey's seated players sign their moves. */
export const actingSeat = seatOfActor((state: OkeyState, userId) => {
  const seat = seatOfUser(state, userId);
  return seat ? String(seat.id) : null;
});

/**
 * Okey's moves: each one's payload shape and rule. Peers' entries arrive as untyped JSON, so the shape is checked
 * before a rule reads it, and a bad entry is refused, never thrown. The slice adds how the shuffles are drawn.
 */
// The deck's keys, seals, indicator shares, rack openings and seeds commute: each seat's part of one position or one
// round, the same whichever seat's comes first (SyncedGame.commutes). Shuffles go in turn, and every move is a turn.
export const OKEY_MOVES = {
  seatTaken: { shape: withNumber('seatId'), rule: takeSeat },
  seatLeft: { shape: isActor, rule: thenDeal(leaveSeat) },
  seatRebound: { shape: isActor, rule: rebindSeat },
  botAdded: { shape: withNumber('seatId'), rule: addBot, binds: boundBotSeat },
  botRemoved: { shape: withNumber('seatId'), rule: thenDeal(removeBot) },
  botTakenOver: { shape: withNumber('seatId'), rule: takeOverBot, binds: boundBotSeat },
  gameStarted: { shape: withOptionalOrder, rule: requestDeal },
  dealTimedOut: { shape: isActor, rule: timeOutDeal },
  deckKeyed: { shape: withTexts('key', 'proof'), rule: keyDeck, commutes: true },
  deckShuffled: { shape: withTexts('deck', 'commitment'), rule: shuffleDeckBy },
  tilesSealed: {
    shape: (p: unknown) => isActor(p) && Array.isArray(p.seals),
    rule: sealTiles,
    commutes: true,
  },
  indicatorShared: {
    shape: (p: unknown) => isActor(p) && typeof p.share === 'object' && p.share !== null,
    rule: shareIndicator,
    commutes: true,
  },
  seedRevealed: { shape: withTexts('seed'), ...endingBotMoves(revealDeckSeed, voidRound), commutes: true },
  sealDisputed: { shape: withNumber('position'), rule: disputeSeal },
  tileDrawn: {
    shape: (p: unknown) => withTile(p) && typeof (p as Loose).toSlot === 'number',
    rule: keepingBotMoves('tileDrawn', drawTile),
    check: asTheBot('tileDrawn'),
  },
  tileMoved: {
    shape: (p: unknown) => isActor(p) && typeof p.fromSlot === 'number' && typeof p.toSlot === 'number',
    rule: keepingBotMoves('tileMoved', moveTile),
    check: asTheBot('tileMoved'),
  },
  tileDiscarded: {
    shape: withTile,
    rule: keepingBotMoves('tileDiscarded', discardTile),
    check: asTheBot('tileDiscarded'),
  },
  finishDeclared: {
    shape: withTile,
    rule: keepingBotMoves('finishDeclared', declareFinish),
    check: asTheBot('finishDeclared'),
  },
  tileFlipped: {
    shape: withTile,
    rule: keepingBotMoves('tileFlipped', flipTile),
    check: asTheBot('tileFlipped'),
  },
  indicatorShown: {
    shape: withTile,
    rule: keepingBotMoves('indicatorShown', showIndicator),
    check: asTheBot('indicatorShown'),
  },
  turnTimerSet: { shape: withNumber('seconds'), rule: setTurnTimer },
  turnTimedOut: {
    shape: (p: unknown) => withNumber('seatId')(p) && typeof (p as Loose).turn === 'number',
    rule: timeOutTurn,
  },
  rackArranged: {
    shape: (p: unknown) =>
      isActor(p) && Array.isArray(p.slots) && p.slots.every((id) => id === null || typeof id === 'string'),
    rule: keepingBotMoves('rackArranged', arrangeHand),
    check: asTheBot('rackArranged'),
  },
  gameReset: { shape: withOptionalOrder, rule: resetGame },
  newGameStarted: { shape: withOptionalOrder, rule: startNewGame },
  playerDeparted: { shape: isDeparture, rule: thenDeal(departSeat) },
};

/** The payload of each Okey action, by event name. */
export type OkeyPayloads = PayloadsOf<typeof OKEY_MOVES>;

/** An Okey event name. */
export type OkeyEvent = keyof OkeyPayloads;

/** A plain action as it sits in the log. */
export type OkeyLogEntry = ActionEntry;

/** The one way any Okey action is applied: the slice, the room's fold and every check go through it. */
export const applyOkeyAction: (state: OkeyState, action: OkeyLogEntry) => Result<OkeyState> = applyOf(
  OKEY,
  OKEY_MOVES,
  QUIET_REASONS.unknownAction,
);

/** Reasons shown to the user as an error toast, by key; every other refusal is quiet. */
export const TOAST_REASONS: readonly RuleKey[] = [
  MESSAGES.notYourTurn.key,
  MESSAGES.cantDrawMore.key,
  MESSAGES.cantDrawThis.key,
  MESSAGES.cantMoveOthers.key,
  MESSAGES.discardBeforeDrawing.key,
  MESSAGES.invalidDiscardSource.key,
  MESSAGES.onlyPlayersEndRound.key,
  'invalidSequence',
  'unfinishedSequence',
];

/** Whether a refusal reason is shown as a toast (the spec's catalogue, including the finish check's reasons). */
export const isToastReason = (reason: Refusal): boolean =>
  (TOAST_REASONS as readonly string[]).includes(reason.key);
