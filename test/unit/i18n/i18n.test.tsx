import { afterEach, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { currentLanguage } from '../../../src/i18n/i18n';
import { i18n } from '../../../src/i18n/roomTexts';
import { common as enCommon } from '../../../src/i18n/en/common';
import { room as enRoom } from '../../../src/i18n/en/room';
import { common as trCommon } from '../../../src/i18n/tr/common';
import { room as trRoom } from '../../../src/i18n/tr/room';
import LoginPage from '../../../src/app/login/LoginPage';
import SeatLabel from '../../../src/games/okey/components/SeatLabel';
import SeatCard from '../../../src/games/shared/components/SeatCard';
import { GAMES } from '../../../src/app/games';
import { MESSAGES } from '../../../src/games/okey/rules/messages';

const EN = { common: enCommon, ...enRoom };
const TR = { common: trCommon, ...trRoom };

type Tree = { [key: string]: string | Tree };

/** Every text of a language as [namespace:key.path, text]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix === '' ? `${key}:` : prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`;
    return typeof value === 'string' ? [[path, value] as [string, string]] : leaves(value, path);
  });
}

const variables = (text: string) => new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]));
const en = new Map(leaves(EN));
const tr = new Map(leaves(TR));
const okeyT = i18n.getFixedT('en', 'okey');
const rulesT = i18n.getFixedT('en', 'rules');

const noop = () => {};
const idleAct = {
  ready: noop,
  act: noop,
  approach: () => ({ onPointerEnter: noop, onPointerDown: noop, onFocus: noop }),
};

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the interface texts', () => {
  it('has a Turkish text for every English one, and no Turkish text English lacks', () => {
    expect([...tr.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('leaves no text empty in either language', () => {
    for (const [key, text] of [...en, ...tr]) expect(text.trim(), key).not.toBe('');
  });

  it('uses in Turkish only the variables the English text is given', () => {
    for (const [key, text] of tr)
      for (const name of variables(text))
        expect(variables(en.get(key)!), `${key}: {{${name}}}`).toContain(name);
  });

  it.each([
    { key: 'common:login.user', spec: 'User:' },
    { key: 'common:login.go', spec: 'Go' },
    { key: 'common:loading', spec: 'Loading...' },
    { key: 'common:shareLink', spec: 'Share Link' },
    { key: 'common:copied', spec: 'Copied!' },
    { key: 'common:connected', spec: 'Connected:' },
    { key: 'common:creditsIntro', spec: 'Credits for this example:' },
    { key: 'common:error.oops', spec: 'Oops!' },
    { key: 'common:error.unexpected', spec: 'Sorry, an unexpected error has occurred.' },
    { key: 'common:error.notFound', spec: 'Page not found!' },
    { key: 'okey:startGame', spec: 'Start Game' },
    { key: 'okey:resetGame', spec: 'Reset Game' },
    { key: 'okey:newGame', spec: 'New Game' },
    { key: 'okey:stand', spec: 'Stand' },
    { key: 'okey:sit', spec: 'Sit' },
    { key: 'rules:notYourTurn', spec: 'Not your turn' },
    { key: 'rules:cantDrawMore', spec: "Can't draw more tiles" },
    { key: 'rules:cantDrawThis', spec: "Can't draw this tile" },
    { key: 'rules:cantMoveOthers', spec: "Can't move other players tiles" },
    { key: 'rules:discardBeforeDrawing', spec: "Can't discard before drawing" },
    { key: 'rules:invalidDiscardSource', spec: 'Invalid discard source' },
    { key: 'rules:duplicateTile', spec: 'Duplicate tile detected' },
    { key: 'rules:notEnoughPlayers', spec: 'not enough players to start the game' },
  ])('keeps the spec text of $key in English: "$spec"', ({ key, spec }) => {
    expect(en.get(key)).toBe(spec);
  });

  it('writes the spec texts with names and tiles in English as the spec does', () => {
    expect(okeyT('player', { n: 3 })).toBe('Player 3');
    expect(rulesT('wins', { name: 'Ann & Bob' })).toBe('Ann & Bob wins!');
    expect(rulesT('left', { name: 'Ann' })).toBe('Ann left');
    expect(rulesT('invalidSequence', { prev: 'red5', next: 'red7' })).toBe('Invalid sequence red5>red7');
    expect(rulesT('unfinishedSequence', { prev: 'blue3' })).toBe('Unfinished sequence blue3>...');
  });

  it('names the games in the sidebar as the registry does in English', () => {
    for (const game of GAMES) expect(en.get(`common:games.${game.path}`)).toBe(game.label);
  });

  it("says the rules' reasons in the spec's exact words", () => {
    expect(en.get(`rules:${MESSAGES.duplicateTile.key}`)).toBe('Duplicate tile detected');
    expect(en.get(`rules:${MESSAGES.notEnoughPlayers.key}`)).toBe('not enough players to start the game');
  });

  it('speaks English where there is no browser to ask (Node, the unit tests)', () => {
    expect(currentLanguage()).toBe('en');
  });
});

describe('a page in Turkish', () => {
  it('shows the login screen in Turkish, and the spec English again after switching back', async () => {
    await i18n.changeLanguage('tr');
    const turkish = renderToStaticMarkup(<LoginPage user={null} from={null} logIn={noop} leave={noop} />);
    expect(turkish).toContain('Ad:');
    expect(turkish).toMatch(/<button[^>]*type="submit"[^>]*>Gir<\/button>/);
    expect(turkish).toContain('Oyun Odası');
    await i18n.changeLanguage('en');
    const english = renderToStaticMarkup(<LoginPage user={null} from={null} logIn={noop} leave={noop} />);
    expect(english).toContain('User:');
    expect(english).toMatch(/<button[^>]*type="submit"[^>]*>Go<\/button>/);
  });

  it("shows an Okey seat in Okey's Turkish words: Kalk, Seri diz, Çift diz", async () => {
    await i18n.changeLanguage('tr');
    const html = renderToStaticMarkup(
      <SeatLabel
        seatId={2}
        playerName="Ayşe"
        userId={null}
        isTurn
        secondsLeft={12}
        isMine
        canSit={false}
        ready
        font={14}
        sit={idleAct}
        stand={idleAct}
        isBot={false}
        onBot={noop}
        onArrange={noop}
      />,
    );
    for (const word of ['Kalk', 'Seri diz', 'Çift diz', '12 sn']) expect(html).toContain(word);
  });

  it('shows an empty seat of a two-player game in Turkish', async () => {
    await i18n.changeLanguage('tr');
    const html = renderToStaticMarkup(
      <SeatCard
        id="w"
        colour="Beyaz"
        piece={{ size: 20, background: 'white', shadow: 'none' }}
        seat={null}
        isTurn={false}
        isMine={false}
        canSit
        ready
        onSit={noop}
        onStand={noop}
      />,
    );
    expect(html).toContain('Boş yer');
    expect(html).toContain('aria-label="Beyaz olarak otur"');
  });
});
