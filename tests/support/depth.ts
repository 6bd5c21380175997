/**
 * How hard the property and fuzz files push. The `deep` project (`npm run test:deep`, the second
 * stage of `npm test`) runs them at full strength, with the fault and soak files; the `api` project
 * runs the property and fuzz files with fewer runs, so a broken rule shows in the first minutes.
 * Both stages run in CI: nothing is dropped.
 */
export const DEEP = process.env.TEST_DEPTH === 'deep';

/** The number of runs (or requests) for this stage: all of them in the deep stage. */
export const runsFor = (full: number, quick: number) => (DEEP ? full : quick);
