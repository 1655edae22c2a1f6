import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The client's import aliases (tsconfig.json "paths", vite.config.ts), for unit tests of client code.
const resolve = {
  alias: {
    "@": fileURLToPath(new URL("./client/src", import.meta.url)),
    "@common": fileURLToPath(new URL("./common", import.meta.url)),
  },
};

const slowReliability = ["tests/reliability/crash-safety.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          // Property tests against minute-by-minute references take seconds on a busy machine.
          testTimeout: 30_000,
          // Projects run one group after another, so suites don't compete for the two cores.
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          sequence: { groupOrder: 1 },
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        resolve,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          sequence: { groupOrder: 3 },
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A page's first data can take seconds on a busy two-core runner; the 1 s default
          // failed journeys there that pass everywhere else.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        resolve,
        test: {
          // Real server processes stopped and restarted: one file at a time, long timeouts.
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          sequence: { groupOrder: 2 },
          exclude: [...slowReliability],
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      // Minutes of kill-and-restart cycles: `npm run test:reliability` (and CI) only.
      ...(process.env.CREWSWAP_CRASH_TESTS === "1"
        ? [
            {
              resolve,
              test: {
                name: "crash",
                include: [...slowReliability],
                sequence: { groupOrder: 4 },
                globalSetup: ["tests/api/global-setup.ts"],
                testTimeout: 300_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
