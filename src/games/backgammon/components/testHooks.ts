// Test hooks on window (in the test-hooks build only: src/testHooks.d.ts), read by the board's buttons. Browser tests set them (page.evaluate) to choose dice; nobody
// else needs them, and they grant nothing the buttons do not: every action still goes through the rules.
declare global {
  interface Window {
    /** Test hook: the two dice the next "Roll" uses instead of random ones; used once, then cleared. */
    __backgammonTestDice?: number[];
    /** Test hook: the die the next opening "Roll" uses; used once, then cleared. */
    __backgammonTestOpeningDie?: number;
    /** Test hook: play this tab's side by itself, one roll per entry, until the rolls run out or the game ends. */
    __backgammonAutoplay?: (rolls: number[][]) => void;
  }
}

/** A random source that makes the slice's `prepare` draw exactly these dice (Math.random when none are given). */
export function randomFor(dice: readonly number[] | undefined): () => number {
  if (!dice) return Math.random;
  const queue = [...dice];
  // The slice draws a die as 1 + floor(r * 6): the middle of the die's sixth gives exactly that die.
  return () => ((queue.shift() ?? 1) - 0.5) / 6;
}

/** The dice a test asked the next Roll to use, if any; the hook is cleared so later rolls are random again. */
export function takeTestDice(): number[] | undefined {
  if (!__TEST_HOOKS__) return undefined;
  const dice = window.__backgammonTestDice;
  delete window.__backgammonTestDice;
  return dice;
}

/** The die a test asked the next opening Roll to use, if any; cleared once read. */
export function takeTestOpeningDie(): number[] | undefined {
  if (!__TEST_HOOKS__) return undefined;
  const die = window.__backgammonTestOpeningDie;
  delete window.__backgammonTestOpeningDie;
  return die === undefined ? undefined : [die];
}
