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

/** The dice a test asked the next Roll to use, as the payload carries them; cleared once read. */
export function takeTestDice(): { dice?: number[] } {
  if (!__TEST_HOOKS__) return {};
  const dice = window.__backgammonTestDice;
  delete window.__backgammonTestDice;
  return dice ? { dice } : {};
}

/** The die a test asked the next opening Roll to use, as the payload carries it; cleared once read. */
export function takeTestOpeningDie(): { die?: number } {
  if (!__TEST_HOOKS__) return {};
  const die = window.__backgammonTestOpeningDie;
  delete window.__backgammonTestOpeningDie;
  return die === undefined ? {} : { die };
}
