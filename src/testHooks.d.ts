/**
 * True only in the build the browser tests, the benchmark and the screenshot scripts use (`vite build --mode
 * test-hooks`) and in the Node tests; false in what `npm start` and `npm run build` serve. Every window hook that
 * lets a test choose a deal or dice, or reach the room connection, sits behind it, so the players' build carries
 * none of them (the minifier drops the code, names included).
 */
declare const __TEST_HOOKS__: boolean;

/**
 * Which build the page runs (vite.config.ts: when it was built; 'test' in the Node tests). What a page keeps of its own
 * work across reloads is kept per build, as another build's rules may give another result.
 */
declare const __BUILD_ID__: string;
