import { describe, expect, it } from 'vitest';
import { i18n, ruleKeyOf, ruleText } from '../../../src/i18n/roomTexts';
import { room } from '../../../src/i18n/en/room';
import {
  MESSAGES,
  QUIET_REASONS as OKEY_QUIET,
  invalidSequence,
  leftMessage,
  shownMessage,
  unfinishedSequence,
  winsMessage,
} from '../../../src/games/okey/rules/messages';
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

const english = i18n.getFixedT('en', 'rules');
const turkish = i18n.getFixedT('tr', 'rules');

const SIDES: Side[] = ['white', 'black'];
const KINDS: ResultKind[] = ['single', 'gammon', 'backgammon', 'resign', 'declined'];

/** Every text the pure rules give, as they give it: fixed texts, and texts made with names, tiles, dice and points. */
const RULE_TEXTS: string[] = [
  ...Object.values(MESSAGES),
  ...Object.values(OKEY_QUIET),
  invalidSequence('red5', 'blue7'),
  unfinishedSequence('yellow👌'),
  winsMessage('Ayşe'),
  winsMessage(null),
  leftMessage('Bora'),
  leftMessage(undefined),
  shownMessage('Cem'),
  shownMessage(null),
  ...Object.values(TICTACTOE),
  statusText(tictactoeSetup()),
  'Winner: O (Ann)',
  'Draw',
  historyLabel(0),
  historyLabel(7),
  ...Object.values(BACKGAMMON),
  ...SIDES.flatMap((side) => [
    sideName(side),
    noLegalMovesMessage(side),
    turnLine(side, [6, 4], [{ from: 24, to: 18, die: 6, hit: false }]),
    turnLine(side, [5, 5], []),
    blockedLine(side, [6, 6]),
    `${sideName(side)} doubles to 4`,
    `${sideName(side)} accepts: the cube is at 2`,
    ...KINDS.flatMap((kind) => [1, 2, 64].map((points) => resultText({ winner: side, kind, points }))),
  ]),
  openingTieMessage(4),
  openingWonMessage(5, 3),
  openingWonMessage(2, 6),
  ...Object.values(GO),
  ...Object.values(MINECRAFT),
  UNKNOWN_ACTION,
  'Internal error',
  'Broken invariant: a tile twice',
];

describe('the texts the rules give, shown in the interface language', () => {
  it.each(RULE_TEXTS.map((text) => ({ text })))('"$text" reads back unchanged in English', ({ text }) => {
    expect(ruleKeyOf(text)).not.toBeNull();
    expect(ruleText(text, english)).toBe(text);
  });

  it.each(RULE_TEXTS.map((text) => ({ text })))('"$text" has its own Turkish', ({ text }) => {
    expect(ruleText(text, turkish)).not.toBe(text);
  });

  it.each([
    { name: 'a refusal', text: 'Not your turn', tr: 'Sıra sende değil' },
    {
      name: 'tiles in a sequence',
      text: 'Invalid sequence red5>blue13',
      tr: 'Geçersiz dizi kırmızı 5>mavi 13',
    },
    {
      name: 'a false okey',
      text: 'Unfinished sequence yellow👌>...',
      tr: 'Tamamlanmamış dizi sahte okey>...',
    },
    { name: 'a winner', text: 'Ayşe wins!', tr: 'Ayşe kazandı!' },
    { name: 'a nameless winner', text: 'Player wins!', tr: 'Oyuncu kazandı!' },
    { name: 'a name that reads like a rules text', text: 'White left', tr: 'White ayrıldı' },
    { name: 'a name with pattern characters', text: 'A.n (x)+ left', tr: 'A.n (x)+ ayrıldı' },
    { name: 'a gammon', text: 'White wins a gammon: 2 points', tr: 'Beyaz mars yaptı: 2 puan' },
    {
      name: 'a resignation',
      text: 'Black resigns: White wins 1 point',
      tr: 'Siyah pes etti: Beyaz 1 puan kazandı',
    },
    { name: 'a turn', text: 'Black 6-4: 24/18 13/9*', tr: 'Siyah 6-4: 24/18 13/9*' },
    {
      name: 'who starts',
      text: 'White rolled 2, Black rolled 6: Black moves first',
      tr: 'Beyaz 2, Siyah 6 attı: Siyah başlar',
    },
    { name: 'a TicTacToe status', text: 'Next player: X (Ann)', tr: 'Sıradaki oyuncu: X (Ann)' },
    { name: 'a history button', text: 'Go to move #3', tr: '3. hamleye git' },
  ])('turns $name into Turkish', ({ text, tr }) => {
    expect(ruleText(text, turkish)).toBe(tr);
  });

  it('shows a text the rules never give as it is', () => {
    expect(ruleKeyOf('Something else entirely')).toBeNull();
    expect(ruleText('Something else entirely', turkish)).toBe('Something else entirely');
  });

  it('speaks the interface language by default', async () => {
    await i18n.changeLanguage('tr');
    try {
      expect(ruleText(MESSAGES.cantDrawMore)).toBe('Daha fazla taş çekemezsin');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(ruleText(MESSAGES.cantDrawMore)).toBe("Can't draw more tiles");
  });

  it('gives every English rules text one key, so the way back is never ambiguous', () => {
    const texts = Object.values(room.rules);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('has fixed words around the variables of every pattern, so a text within a text is always shorter', () => {
    for (const text of Object.values(room.rules))
      expect(text.replace(/\{\{\w+\}\}/g, '').length, text).toBeGreaterThan(0);
  });
});
