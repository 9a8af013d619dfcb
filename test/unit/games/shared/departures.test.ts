import { describe, expect, it } from 'vitest';
import {
  judgeDeparture,
  recordSaid,
  witnessesNeeded,
  type Goodbye,
} from '../../../../src/games/shared/departures';
import { presenceSignedText } from '../../../../src/sync/presence/presenceMessage';
import { clientIdOfKey } from '../../../../src/sync/signing/keyIdentity';
import { signText, testKey, type TestKey } from '../../../helpers/signing';

const ROOM = 'abc123';
const tabKey = testKey(7);
const tab = clientIdOfKey(tabKey.key);

/** The goodbye the page with this key signs as it closes, in room. */
function goodbyeOf(key: TestKey, room = ROOM, clientId = clientIdOfKey(key.key)): Goodbye {
  const text = presenceSignedText(room, { type: 'bye', clientId, key: key.key });
  return { key: key.key, signature: signText(text, key) };
}

const nobodySaid = (others: string[]) => ({ others, said: [] });

describe('judgeDeparture', () => {
  it("frees a seat on its tab's own goodbye, whoever passes it on", () => {
    expect(
      judgeDeparture(ROOM, { clientId: tab, goodbye: goodbyeOf(tabKey) }, 'ann', nobodySaid(['bob'])),
    ).toEqual({
      kind: 'free',
      on: 'goodbye',
    });
  });

  it.each([
    { name: 'signed for another room', goodbye: goodbyeOf(tabKey, 'other1') },
    { name: "another page's, naming this tab", goodbye: goodbyeOf(testKey(8), ROOM, tab) },
    { name: "another page's own", goodbye: goodbyeOf(testKey(8)) },
    {
      name: 'with a signature of something else',
      goodbye: { key: tabKey.key, signature: signText('anything', tabKey) },
    },
  ])('takes no goodbye $name', ({ goodbye }) => {
    expect(judgeDeparture(ROOM, { clientId: tab, goodbye }, 'ann', nobodySaid(['bob']))).toEqual({
      kind: 'unproven',
    });
  });

  it("frees a seat on its own user's word", () => {
    const ann = { id: 'ann', name: 'Ann' };
    expect(judgeDeparture(ROOM, { clientId: tab, by: ann }, 'ann', nobodySaid(['bob']))).toEqual({
      kind: 'free',
      on: 'own',
    });
  });

  it('frees a silent seat once more than half of the others seated have said it, each counted once', () => {
    const others = ['bob', 'cem', 'dan'];
    expect(witnessesNeeded(3)).toBe(2);
    const bob = { clientId: tab, by: { id: 'bob', name: 'Bob' } };
    const first = judgeDeparture(ROOM, bob, 'ann', nobodySaid(others));
    expect(first).toEqual({ kind: 'witnessed', said: ['bob'] });
    expect(judgeDeparture(ROOM, bob, 'ann', { others, said: ['bob'] })).toEqual({
      kind: 'witnessed',
      said: ['bob'],
    });
    const cem = { clientId: tab, by: { id: 'cem', name: 'Cem' } };
    expect(judgeDeparture(ROOM, cem, 'ann', { others, said: ['bob'] })).toEqual({
      kind: 'free',
      on: 'others',
    });
  });

  it("takes one other player's word when they are the only other person seated", () => {
    const bob = { clientId: tab, by: { id: 'bob', name: 'Bob' } };
    expect(judgeDeparture(ROOM, bob, 'ann', nobodySaid(['bob']))).toEqual({ kind: 'free', on: 'others' });
  });

  it("refuses a spectator's word while others are seated, and takes anyone's when nobody else is", () => {
    const eve = { clientId: tab, by: { id: 'eve', name: 'Eve' } };
    expect(judgeDeparture(ROOM, eve, 'ann', nobodySaid(['bob', 'cem']))).toEqual({ kind: 'unproven' });
    expect(judgeDeparture(ROOM, { clientId: tab }, 'ann', nobodySaid(['bob']))).toEqual({ kind: 'unproven' });
    expect(judgeDeparture(ROOM, { clientId: tab }, 'ann', nobodySaid([]))).toEqual({
      kind: 'free',
      on: 'nobodyElse',
    });
  });
});

describe('recordSaid', () => {
  it('keeps the words said about tabs that still hold a seat, and none about a freed one', () => {
    const witnessed = { kind: 'witnessed' as const, said: ['bob'] };
    expect(recordSaid(undefined, 5, witnessed, [5, 6])).toEqual({ 5: ['bob'] });
    expect(recordSaid({ 5: ['bob'], 9: ['cem'] }, 6, witnessed, [5, 6])).toEqual({ 5: ['bob'], 6: ['bob'] });
    expect(recordSaid({ 5: ['bob'] }, 5, { kind: 'free', on: 'others' }, [6])).toBeUndefined();
  });
});
