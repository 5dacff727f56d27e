import { defineConfig } from "vitest/config";

// Runs only the browser tests: `npx vitest run --config web/e2e/vitest.config.ts`.
// (Add "web/e2e/**/*.test.ts" to the root vitest include to run them with the suite.)
export default defineConfig({
  root: new URL("../..", import.meta.url).pathname,
  test: {
    include: ["web/e2e/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
  },
});
