import {fileURLToPath} from 'node:url';
import {defineConfig} from 'vitest/config';

// Unit test files that replace modules (vi.mock), stub globals or the environment, or keep state in modules they
// import: each runs in a fresh module graph. The other unit files share one graph per worker (isolate: false),
// which halves `npm run check`: most of a unit file's time was importing Ink and React again.
const ISOLATED_UNIT = [
  'test/unit/build/flex-static.test.tsx',
  'test/unit/build/ink-log-update-patch.test.ts',
  'test/unit/engine/ssh/ssh-config.test.ts',
  'test/unit/exec-handoff.test.ts',
  'test/unit/idle-gc.test.ts',
  'test/unit/ui/status-fade.test.ts',
  'test/unit/views/copy/*.test.ts',
];

const shared = {
  // The app's tests lay out with the engine the bundle ships (scripts/build.mjs), so Ink is run through Vite
  // for its `yoga-layout` import to be replaced by the workspace package packages/flex, whose own tests import
  // the real yoga by path.
  resolve: {
    alias: [
      {find: /^yoga-layout$/, replacement: fileURLToPath(new URL('packages/flex/source/yoga.ts', import.meta.url))},
    ],
  },
};
const test = {
  server: {deps: {inline: ['ink']}},
  testTimeout: 30_000,
  hookTimeout: 60_000,
  env: {CI_ORIGINAL: process.env.CI ?? ''},
};

export default defineConfig({
  ...shared,
  test: {
    // One temporary directory per run (TMPDIR for the workers and all they start), removed at the end.
    globalSetup: ['test/run-temp-dir.ts'],
    // End-to-end tests drive real terminals; a little parallelism is fine, a lot starves the 2-core machines.
    maxWorkers: 2,
    projects: [
      {
        ...shared,
        test: {
          ...test,
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.ts'],
          exclude: ISOLATED_UNIT,
          isolate: false,
        },
      },
      {...shared, test: {...test, name: 'unit-isolated', include: ISOLATED_UNIT}},
      {
        ...shared,
        test: {
          ...test,
          name: 'engine',
          include: ['test/integration/**/*.test.{ts,tsx}', 'test/e2e/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
