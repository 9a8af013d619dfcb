import { describe, expect, it } from 'vitest';
import { resign } from '../../../../../src/games/go/rules/play';
import { toSgf } from '../../../../../src/games/go/rules/sgf';
import type { GoState } from '../../../../../src/games/go/rules/types';
import { ann, at, playAll, seated9 } from '../positions';

const played = playAll(seated9(), [at(2, 2), null, at(0, 8)]);
const resigned = resign(played, ann);
const finished = resigned.ok ? resigned.state : played;

describe('toSgf', () => {
  it.each([
    {
      name: 'a fresh game with seat names',
      state: seated9(),
      names: undefined,
      sgf: '(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[6.5]PB[Ann]PW[Bob])',
    },
    {
      name: 'moves and a pass as an empty node',
      state: played,
      names: undefined,
      sgf: '(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[6.5]PB[Ann]PW[Bob];B[cc];W[];B[ia])',
    },
    {
      name: 'a resignation as the result',
      state: finished,
      names: { black: 'A', white: 'B' },
      sgf: '(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[6.5]PB[A]PW[B]RE[W+R];B[cc];W[];B[ia])',
    },
    {
      name: 'a drawn game as RE[0] and escaped names',
      state: { ...seated9(), phase: 'finished', result: 'Draw' } as GoState,
      names: { black: 'a]b', white: 'c\\d' },
      sgf: '(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[6.5]PB[a\\]b]PW[c\\\\d]RE[0])',
    },
  ])('writes $name', ({ state, names, sgf }) => {
    const before = structuredClone(state);
    expect(toSgf(state, names)).toBe(sgf);
    expect(state).toEqual(before);
  });
});
