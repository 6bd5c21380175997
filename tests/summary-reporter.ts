import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the summary names. */
const SLOWEST = 12;

/**
 * Ends the run with one plain line: "N passed, N failed, N skipped". A file that failed outside its
 * tests (an import, a hook before them) counts as one failure, so the line never says 0 failed then.
 * Above it, the slowest files with their time (tests and hooks, then import), so a CI run's length
 * can be read off its log.
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
    const timed = modules.map((m) => ({ m, d: m.diagnostic() })).sort((a, b) => b.d.duration - a.d.duration);
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    const all = timed.reduce((sum, t) => sum + t.d.duration + t.d.collectDuration, 0);
    console.log(`\nSlowest files (of ${modules.length}, ${seconds(all)} s in all, tests + import):`);
    for (const { m, d } of timed.slice(0, SLOWEST))
      console.log(
        `  ${seconds(d.duration).padStart(6)} s + ${seconds(d.collectDuration).padStart(5)} s  ${m.project.name} ${m.moduleId.replace(process.cwd() + '/', '')}`,
      );
    console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
