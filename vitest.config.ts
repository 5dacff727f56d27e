import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Two files at a time at least: the long files (browser journeys, whole-server and cluster
// proofs) mostly wait on real servers, hands and clocks, so a 2-core machine has room for a
// second file beside one of them (one at a time left half the CPU idle and CI near 37 minutes).

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts", "web/src/**/*.test.ts", "web/src/**/*.test.tsx", "web/e2e/**/*.test.ts"],
    reporters: ["default", "./scripts/summary-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
