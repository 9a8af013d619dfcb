import { describe, expect, it } from 'vitest';
import { i18n, reasonText } from '../../../src/i18n/roomTexts';
import { englishText, type Reason } from '../../../src/i18n/reasons';
import { room } from '../../../src/i18n/en/room';
import {
  MESSAGES,
  QUIET_REASONS as OKEY_QUIET,
  invalidSequence,
  leftMessage,
  shownMessage,
  tileName,
  unfinishedSequence,
  winsMessage,
} from '../../../src/games/okey/rules/messages';
import { createTile } from '../../../src/games/okey/rules/tiles';
import {
  REASONS as BACKGAMMON,
  noLegalMovesMessage,
  openingTieMessage,
  openingWonMessage,
  sideName,
} from '../../../src/games/backgammon/rules/reasons';
import { resultText } from '../../../src/games/backgammon/rules/game';
import { blockedLine, turnLine } from '../../../src/games/backgammon/rules/notation';
import type { ResultKind, Side } from '../../../src/games/backgammon/rules/types';
import { REASONS as GO } from '../../../src/games/go/rules/reasons';
import { REASONS as MINECRAFT } from '../../../src/games/minecraft/rules/reasons';
import { REASONS as TICTACTOE, setup as tictactoeSetup } from '../../../src/games/tictactoe/rules/game';
import { historyLabel, statusText } from '../../../src/games/tictactoe/rules/status';
import { UNKNOWN_ACTION } from '../../../src/games/shared/actionTable';
import { ROOM_REFUSALS } from '../../../src/sync/log/SyncedGame';

const english = i18n.getFixedT('en', 'rules');
const turkish = i18n.getFixedT('tr', 'rules');

const SIDES: Side[] = ['white', 'black'];
const KINDS: ResultKind[] = ['single', 'gammon', 'backgammon', 'resign', 'declined'];

const red5 = tileName(createTile('red', 5, 0));
const blue13 = tileName(createTile('blue', 13, 0));
const joker = tileName(createTile('yellow', '👌', 0));

/** Every reason the pure rules give, as they give it: fixed ones, and ones made with names, tiles, dice and points. */
const REASONS: Reason[] = [
  ...Object.values(MESSAGES),
  ...Object.values(OKEY_QUIET),
  invalidSequence(red5, blue13),
  unfinishedSequence(joker),
  winsMessage('Ayşe'),
  winsMessage(null),
  leftMessage('Bora'),
  leftMessage(undefined),
  shownMessage('Cem'),
  shownMessage(null),
  ...Object.values(TICTACTOE),
  statusText(tictactoeSetup()),
  historyLabel(0),
  historyLabel(7),
  ...Object.values(BACKGAMMON),
  ...SIDES.flatMap((side) => [
    sideName(side),
    noLegalMovesMessage(side),
    turnLine(side, [6, 4], [{ from: 24, to: 18, die: 6, hit: false }]),
    turnLine(side, [5, 5], []),
    blockedLine(side, [6, 6]),
    ...KINDS.flatMap((kind) => [1, 2, 64].map((points) => resultText({ winner: side, kind, points }))),
  ]),
  openingTieMessage(4),
  openingWonMessage(5, 3),
  openingWonMessage(2, 6),
  ...Object.values(GO),
  ...Object.values(MINECRAFT),
  UNKNOWN_ACTION,
];

describe('the reasons the rules give, shown in the interface language', () => {
  it.each(REASONS.map((reason) => ({ reason, text: englishText(reason) })))(
    '"$text" reads the same through i18next in English',
    ({ reason, text }) => {
      expect(reasonText(reason, english)).toBe(text);
    },
  );

  it.each(REASONS.map((reason) => ({ reason, text: englishText(reason) })))(
    '"$text" has its own Turkish',
    ({ reason, text }) => {
      expect(reasonText(reason, turkish)).not.toBe(text);
    },
  );

  it.each<{ name: string; reason: Reason; en: string; tr: string }>([
    { name: 'a refusal', reason: MESSAGES.notYourTurn, en: 'Not your turn', tr: 'Sıra sende değil' },
    {
      name: 'tiles in a sequence',
      reason: invalidSequence(red5, blue13),
      en: 'Invalid sequence red5>blue13',
      tr: 'Geçersiz dizi kırmızı 5>mavi 13',
    },
    {
      name: 'a false okey',
      reason: unfinishedSequence(joker),
      en: 'Unfinished sequence yellow👌>...',
      tr: 'Tamamlanmamış dizi sahte okey>...',
    },
    { name: 'a winner', reason: winsMessage('Ayşe'), en: 'Ayşe wins!', tr: 'Ayşe kazandı!' },
    { name: 'a nameless winner', reason: winsMessage(''), en: 'Player wins!', tr: 'Oyuncu kazandı!' },
    {
      name: 'a name that reads like a rules text',
      reason: leftMessage('White'),
      en: 'White left',
      tr: 'White ayrıldı',
    },
    {
      name: 'a name with {{braces}}',
      reason: leftMessage('{{name}}'),
      en: '{{name}} left',
      tr: '{{name}} ayrıldı',
    },
    {
      name: 'a gammon',
      reason: resultText({ winner: 'white', kind: 'gammon', points: 2 }),
      en: 'White wins a gammon: 2 points',
      tr: 'Beyaz mars yaptı: 2 puan',
    },
    {
      name: 'a resignation',
      reason: resultText({ winner: 'white', kind: 'resign', points: 1 }),
      en: 'Black resigns: White wins 1 point',
      tr: 'Siyah pes etti: Beyaz 1 puan kazandı',
    },
    {
      name: 'a turn',
      reason: turnLine(
        'black',
        [6, 4],
        [
          { from: 6, to: 0, die: 6, hit: false },
          { from: 12, to: 8, die: 4, hit: true },
        ],
      ),
      en: 'Black 6-4: 19/25 13/17*',
      tr: 'Siyah 6-4: 19/25 13/17*',
    },
    {
      name: 'who starts',
      reason: openingWonMessage(2, 6),
      en: 'White rolled 2, Black rolled 6: Black moves first',
      tr: 'Beyaz 2, Siyah 6 attı: Siyah başlar',
    },
    { name: 'a history button', reason: historyLabel(3), en: 'Go to move #3', tr: '3. hamleye git' },
    {
      name: "the room's own refusal",
      reason: ROOM_REFUSALS.brokenInvariant('a tile twice') as Reason,
      en: 'Broken invariant: a tile twice',
      tr: 'Tutarsız durum: a tile twice',
    },
  ])('reads $name in English and in Turkish', ({ reason, en, tr }) => {
    expect(englishText(reason)).toBe(en);
    expect(reasonText(reason, english)).toBe(en);
    expect(reasonText(reason, turkish)).toBe(tr);
  });

  it('shows a key no text has as it is, in any language', () => {
    expect(englishText({ key: 'somethingElse' })).toBe('somethingElse');
    expect(reasonText({ key: 'somethingElse' }, turkish)).toBe('somethingElse');
    expect(reasonText({ key: 'common:title' }, turkish)).toBe('common:title');
  });

  it('speaks the interface language by default', async () => {
    await i18n.changeLanguage('tr');
    try {
      expect(reasonText(MESSAGES.cantDrawMore)).toBe('Daha fazla taş çekemezsin');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(reasonText(MESSAGES.cantDrawMore)).toBe("Can't draw more tiles");
  });

  it("gives the room's own refusals a text", () => {
    for (const reason of [ROOM_REFUSALS.internalError, ROOM_REFUSALS.unreadableEntry])
      expect(englishText(reason)).toBe(room.rules[reason.key]);
  });
});
