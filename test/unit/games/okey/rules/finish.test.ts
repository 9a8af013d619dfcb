import { describe, expect, it } from 'vitest';
import { checkFinish } from '../../../../../src/games/okey/rules/finish';
import { rack, snapshot, tile } from '../okeyTables';
import { inEnglish } from '../../../../helpers/english';

const at = (slots: Record<number, string>) => {
  const r = rack('');
  for (const [slot, name] of Object.entries(slots)) r[Number(slot)] = tile(name, Number(slot) % 2);
  return r;
};

// Indicator blue3 throughout unless a row says otherwise: the okey (wild) is blue4, a joker counts as blue4.
const ok = { ok: true } as const;
const error = (text: string) => ({ ok: false, error: text });

describe('checkFinish', () => {
  it.each([
    {
      name: 'runs and sets separated by empty slots win',
      rack: rack(
        'red1 red2 red3 . blue5 yellow5 black5 . red9 red10 red11 red12 . | blue13 yellow13 red13 black13',
      ),
      expected: ok,
    },
    { name: 'a run may wrap from 13 to 1', rack: rack('red12 red13 red1'), expected: ok },
    { name: 'a run may be laid in falling order', rack: rack('red5 red4 red3'), expected: ok },
    { name: 'a falling run may wrap from 1 to 13', rack: rack('red1 red13 red12'), expected: ok },
    { name: 'the okey next to any tile is a valid link', rack: rack('red5 blue4 red7'), expected: ok },
    { name: 'the okey may start a group', rack: rack('blue4 black9 black10'), expected: ok },
    { name: 'a joker takes the okey value in a run', rack: rack('blue3 yellow👌 blue5'), expected: ok },
    { name: 'a joker takes the okey value in a set', rack: rack('red4 yellow👌 black4'), expected: ok },
    {
      name: 'a complete group may be followed at once by another kind',
      rack: rack('red5 red6 red7 red8 black8 yellow8 blue8'),
      expected: ok,
    },
    {
      name: 'seven pairs win wherever they lie',
      rack: rack(
        'red1 red1 . blue7 blue7 black9 . black9 yellow2 yellow2 red13 red13 black1 black1 yellow👌 yellow👌',
      ),
      expected: ok,
    },
    {
      name: 'a joker and the okey make a pair of the okey value',
      rack: rack('red1 red1 blue4 yellow👌'),
      expected: ok,
    },
    {
      name: 'the indicator wraps 13 to an okey of rank 1',
      rack: rack('red5 blue1 black9'),
      indicator: 'blue13',
      expected: ok,
    },
    {
      name: 'complete groups need no gap between them (four groups, no empty slot)',
      rack: rack('red1 red2 red3 blue4 blue5 blue6 blue7 blue8 black2 black3 black4 yellow4 yellow5 yellow6'),
      expected: ok,
    },
    {
      name: 'the same hand with the okey in place of red1',
      rack: rack(
        'black13 red2 red3 blue4 blue5 blue6 blue7 blue8 black2 black3 black4 yellow4 yellow5 yellow6',
      ),
      indicator: 'black12',
      expected: ok,
    },
    {
      name: 'the same hand with a joker standing for the okey value red1',
      rack: rack(
        'yellow👌 red2 red3 blue4 blue5 blue6 blue7 blue8 black2 black3 black4 yellow4 yellow5 yellow6',
      ),
      indicator: 'red13',
      expected: ok,
    },
    {
      name: 'a run may switch to a set once it holds 3 tiles, the next tile starting the set',
      rack: rack('red1 red2 red3 blue3 black3 yellow3'),
      expected: ok,
    },
    {
      name: 'a set may switch to a run once it holds 3 tiles',
      rack: rack('red5 blue5 black5 black6 black7 black8'),
      expected: ok,
    },
    {
      name: 'a run and a set share no tile: the run ends where the set can still be whole',
      rack: rack('red1 red2 red3 red4 blue4 black4'),
      expected: ok,
    },
    {
      name: 'two sets of one rank lie side by side',
      rack: rack('red5 blue5 black5 red5 blue5 black5'),
      expected: ok,
    },
    {
      name: 'two runs of one colour lie side by side',
      rack: rack('red1 red2 red3 red7 red8 red9'),
      expected: ok,
    },
    {
      name: 'a run that wrapped ends before 2, which may start the next run',
      rack: rack('red12 red13 red1 red2 red3 red4'),
      expected: ok,
    },
    {
      name: 'seven pairs laid with no gap at all',
      rack: rack('red1 red1 blue7 blue7 black9 black9 yellow2 yellow2 red13 red13 black1 black1 red6 red6'),
      expected: ok,
    },
    {
      name: 'the okey is wild on either side of a link',
      rack: rack('red8 red9 blue4 . blue4 black11 black12'),
      expected: ok,
    },
    {
      name: 'different colours with different ranks do not link',
      rack: rack('red1 blue2 blue3'),
      expected: error('Invalid sequence red1>blue2'),
    },
    {
      name: 'a run may not become a set before 3 links',
      rack: rack('red1 red2 blue2 black2'),
      expected: error('Invalid sequence red2>blue2'),
    },
    {
      name: 'a set may not become a run before 3 links',
      rack: rack('red5 black5 black6 black7'),
      expected: error('Invalid sequence black5>black6'),
    },
    {
      name: 'a run may not continue to 2 after wrapping from 13',
      rack: rack('red12 red13 red1 red2'),
      expected: error('Invalid sequence red1>red2'),
    },
    {
      name: 'a falling run may not wrap after passing 2',
      rack: rack('red2 red1 red13'),
      expected: error('Invalid sequence red1>red13'),
    },
    {
      name: 'a run may not turn back',
      rack: rack('red1 red2 red1'),
      expected: error('Invalid sequence red2>red1'),
    },
    {
      name: 'a set may not repeat a colour',
      rack: rack('red5 blue5 red5'),
      expected: error('Invalid sequence blue5>red5'),
    },
    {
      name: 'two copies of one tile do not link',
      rack: rack('red1 red1 red2'),
      expected: error('Invalid sequence red1>red1'),
    },
    {
      name: 'a longer run may not continue to 2 after wrapping from 13',
      rack: rack('red11 red12 red13 red1 red2 . blue5 blue6 blue7'),
      expected: error('Invalid sequence red1>red2'),
    },
    {
      name: 'a set that switches to a run leaves the run unfinished when it has 2 tiles',
      rack: rack('red5 blue5 black5 black6 black7'),
      expected: error('Unfinished sequence black7>...'),
    },
    {
      name: 'after a complete group, a 2-tile group that meets an unrelated tile is an invalid sequence',
      rack: rack('red1 red2 red3 blue7 blue8 yellow1 yellow2 yellow3'),
      expected: error('Invalid sequence blue8>yellow1'),
    },
    {
      name: 'a 2-tile group before a gap is unfinished',
      rack: rack('red1 red2 . red5 red6 red7'),
      expected: error('Unfinished sequence red2>...'),
    },
    {
      name: 'a lone tile is unfinished',
      rack: rack('red5 red6 red7 . black1'),
      expected: error('Unfinished sequence black1>...'),
    },
    {
      name: 'a group runs on from the top row to the bottom row (the slots are read in order)',
      rack: at({ 11: 'red1', 12: 'red2', 13: 'red3' }),
      expected: ok,
    },
    {
      name: 'the end of the rack ends a group',
      rack: at({ 20: 'red1', 21: 'red2', 22: 'red3', 24: 'black1', 25: 'black2' }),
      expected: error('Unfinished sequence black2>...'),
    },
    {
      name: 'six pairs and two singles are not seven pairs',
      rack: rack('red1 red1 blue7 blue7 black9 black9 yellow2 yellow2 red13 red13 black1 black1 red6 black6'),
      expected: error('Invalid sequence red1>red1'),
    },
  ])('$name', ({ rack: r, indicator, expected }) => {
    const before = snapshot(r);
    expect(inEnglish(checkFinish(r, tile(indicator ?? 'blue3')))).toEqual(expected);
    expect(r).toEqual(before);
  });
});
