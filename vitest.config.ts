import { defineConfig } from "vitest/config";

const slowReliability = ["tests/reliability/crash-safety.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Real server processes stopped and restarted: one file at a time, long timeouts.
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
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
              test: {
                name: "crash",
                include: [...slowReliability],
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
