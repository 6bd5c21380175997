import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line: "N passed, N failed, N skipped". A file that failed outside its
 * tests (an import, a hook before them) counts as one failure, so the line never says 0 failed then.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedHere += 1;
        else skipped += 1;
      }
      failed += failedHere === 0 && module.state() === 'failed' ? 1 : failedHere;
    }
    console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
