import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts", "web/src/**/*.test.ts", "web/src/**/*.test.tsx", "web/e2e/**/*.test.ts"],
    reporters: ["default", "./scripts/summary-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
