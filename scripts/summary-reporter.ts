// Prints the closing line CI reads: `N passed, N failed` alone on the last line.
// A file that failed without a failed test (an import error, a failed beforeAll that
// left its tests skipped) counts as one failure, so it can never read as green.
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = errors.length;
    for (const mod of modules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed += 1;
        else if (state === "failed") failedHere += 1;
      }
      if (failedHere === 0 && mod.state() === "failed") failedHere = 1;
      failed += failedHere;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
