import {defineConfig} from 'vitest/config';

// The package's own tests: berth's engine against the real yoga, no app and no alias.
export default defineConfig({test: {include: ['test/**/*.test.ts'], testTimeout: 60_000}});
