import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // End-to-end tests drive real terminals; a little parallelism is fine, a lot starves the 2-core machines.
    maxWorkers: 2,
    env: {CI_ORIGINAL: process.env.CI ?? ''},
  },
});
