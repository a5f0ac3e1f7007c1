import {fileURLToPath} from 'node:url';
import {defineConfig} from 'vitest/config';

export default defineConfig({
  // The app's tests lay out with the engine the bundle ships (scripts/build.mjs), so Ink is run through Vite
  // for its `yoga-layout` import to be replaced by the workspace package packages/flex, whose own tests import
  // the real yoga by path.
  resolve: {
    alias: [
      {find: /^yoga-layout$/, replacement: fileURLToPath(new URL('packages/flex/source/yoga.ts', import.meta.url))},
    ],
  },
  test: {
    server: {deps: {inline: ['ink']}},
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx', 'packages/*/test/**/*.test.ts'],
    // One temporary directory per run (TMPDIR for the workers and all they start), removed at the end.
    globalSetup: ['test/run-temp-dir.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // End-to-end tests drive real terminals; a little parallelism is fine, a lot starves the 2-core machines.
    maxWorkers: 2,
    env: {CI_ORIGINAL: process.env.CI ?? ''},
  },
});
